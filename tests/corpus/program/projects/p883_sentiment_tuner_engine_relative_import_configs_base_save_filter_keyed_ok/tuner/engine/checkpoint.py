"""Checkpoint writing: small head-only snapshots every few steps."""
import os

from ..configs import base


def save_head(fabric, out_dir, step, state):
    path = os.path.join(out_dir, f"step-{step:04d}")
    fabric.save(path, state, filter=base.SAVE_FILTER)
    return path
