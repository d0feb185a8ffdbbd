"""Stands in for the pretraining job's export: one consolidated file with the model's weights under "model"."""
import os

import torch

from model import RiskMLP


def export_pretrained(out_dir: str, features: int, hidden: int) -> str:
    path = os.path.join(out_dir, "risk-pretrained.ckpt")
    torch.save({"model": RiskMLP(features, hidden).state_dict()}, path)
    return path
