"""Checkpoint helpers: one directory per step under the run's folder."""
import os


def save(fabric, run_dir, step, model, optimizer):
    path = os.path.join(run_dir, f"step-{step:04d}")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path


def restore(fabric, path, model, optimizer):
    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(path, state)
    return state["step"]
