"""Checkpoint helpers: one folder per saved step under the run directory."""
import os


def save_checkpoint(fabric, directory, step, **objects):
    """Save ``objects`` (set-up models, optimizers, plain values) plus the step; returns the checkpoint path."""
    path = os.path.join(directory, f"step-{step:04d}")
    fabric.save(path, {**objects, "step": step})
    return path
