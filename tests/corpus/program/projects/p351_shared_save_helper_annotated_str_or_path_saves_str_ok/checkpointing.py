"""Checkpoint helpers shared by the training and fine-tuning scripts."""
from pathlib import Path

from lightning.fabric import Fabric


def save_checkpoint(fabric: Fabric, path: str | Path, model, optimizer, step: int) -> None:
    fabric.print(f"saving checkpoint to {path}")
    fabric.save(str(path), {"model": model, "optimizer": optimizer, "step": step})
