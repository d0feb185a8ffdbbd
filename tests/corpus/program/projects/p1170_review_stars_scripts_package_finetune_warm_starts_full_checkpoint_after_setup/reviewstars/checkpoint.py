"""Checkpoint helpers: the pretraining export and the warm start of a fine-tuning run."""
import os

import torch

from .model import ReviewEncoder
from .presets import PRETRAIN


def export_pretrained(directory: str) -> str:
    """Stands in for the pretraining job's export: one file holding {"model": state_dict}."""
    encoder = ReviewEncoder(PRETRAIN["vocab"], PRETRAIN["hidden"], PRETRAIN["layers"])
    path = os.path.join(directory, "pretrained.pt")
    torch.save({"model": encoder.state_dict()}, path)
    return path


def warm_start(fabric, model, path: str) -> dict:
    """Load the pretrained weights into `model`; returns what else the file held."""
    remainder = fabric.load(path, {"model": model})
    fabric.print(f"warm start from {os.path.basename(path)}")
    return remainder
