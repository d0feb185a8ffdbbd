from pathlib import Path

import lightning as L
import torch
from lightning.fabric.strategies import FSDPStrategy
from torch import nn


def num_parameters(module: nn.Module, requires_grad: bool | None = None) -> int:
    return sum(p.numel() for p in module.parameters() if requires_grad is None or p.requires_grad == requires_grad)


def lazy_load(checkpoint_path: Path) -> dict:
    return torch.load(str(checkpoint_path), mmap=True, weights_only=True)


def load_checkpoint(fabric: L.Fabric, model: nn.Module, checkpoint_path: Path, strict: bool = True) -> None:
    if isinstance(fabric.strategy, FSDPStrategy):
        fabric.load_raw(checkpoint_path, model, strict=strict)
    else:
        state_dict = lazy_load(checkpoint_path)
        state_dict = state_dict.get("model", state_dict)
        model.load_state_dict(state_dict, strict=strict)
