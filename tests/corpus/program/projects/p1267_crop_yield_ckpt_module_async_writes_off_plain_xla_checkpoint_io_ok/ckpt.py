"""Checkpoint plugins and paths for the yield runs."""
import os

from lightning.fabric.plugins import XLACheckpointIO
from lightning.pytorch.plugins.io import AsyncCheckpointIO


def checkpoint_plugins(async_writes):
    io = XLACheckpointIO()
    if async_writes:
        # the Trainer-based version of this project used the same wrapper
        io = AsyncCheckpointIO(io)
    return [io]


def step_dir(root, step):
    return os.path.join(root, f"step-{step:05d}")
