"""Checkpoint helpers. The Lightning and torch names are needed only by the annotations, so they are
imported for the type checker alone and the module stays cheap to import."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lightning.fabric import Fabric
    from torch import nn
    from torch.optim import Optimizer


def checkpoint_path(out_dir: str, step: int) -> str:
    return os.path.join(out_dir, f"step-{step:06d}")


def save_checkpoint(fabric: Fabric, out_dir: str, model: nn.Module, optimizer: Optimizer, step: int) -> str:
    path = checkpoint_path(out_dir, step)
    state: dict[str, Any] = {"model": model, "optimizer": optimizer, "step": step}
    fabric.save(path, state)
    return path
