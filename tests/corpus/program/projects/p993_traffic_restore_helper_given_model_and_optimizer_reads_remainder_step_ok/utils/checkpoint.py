"""Checkpoint I/O for the traffic project. `restore` returns what the checkpoint holds beyond the given objects."""
import os

import config


def checkpoint_path(run_dir: str) -> str:
    return os.path.join(run_dir, config.CHECKPOINT_NAME)


def store(fabric, run_dir: str, model, optimizer, step: int) -> str:
    path = checkpoint_path(run_dir)
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path


def restore(fabric, run_dir: str, state=None) -> dict:
    """Loads the checkpoint of `run_dir` into the objects of `state`; returns the entries it did not load into them."""
    return fabric.load(checkpoint_path(run_dir), state)
