"""Checkpoints of the run's state."""
from ..paths import checkpoint_path


def save_checkpoint(fabric, step: int, state: dict) -> None:
    fabric.save(str(checkpoint_path(step)), state)
