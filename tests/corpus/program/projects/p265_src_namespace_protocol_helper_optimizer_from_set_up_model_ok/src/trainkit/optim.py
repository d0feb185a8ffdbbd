"""Optimizer construction for anything with parameters: the model is typed by what the helper needs of it."""
from typing import Iterator, Protocol

import torch
from torch import nn


class HasParameters(Protocol):
    def parameters(self, recurse: bool = True) -> Iterator[nn.Parameter]: ...


def make_optimizer(model: HasParameters, lr: float = 3e-4, weight_decay: float = 0.01) -> torch.optim.Optimizer:
    return torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=weight_decay)
