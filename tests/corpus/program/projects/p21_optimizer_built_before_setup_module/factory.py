"""Model and optimizer construction, shared with the evaluation script."""
from dataclasses import dataclass

import torch

from model import Net


@dataclass
class ModelConfig:
    dim: int = 32
    depth: int = 2
    lr: float = 1e-3


def build(cfg):
    """The model and its optimizer, ready for `fabric.setup_module` / `fabric.setup_optimizers`."""
    model = Net(dim=cfg.dim, depth=cfg.depth)
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.ndim < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}], lr=cfg.lr
    )
    return model, optimizer
