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
    return Net(dim=cfg.dim, depth=cfg.depth)


def make_optimizer(model, cfg):
    """AdamW over the set-up model's parameters; no decay on norms and biases."""
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.ndim < 2]
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}], lr=cfg.lr
    )
