"""Checkpoint helpers."""
import os


def save_all(fabric, out_dir, step, *states):
    for state in states:
        name = next(iter(state))
        path = os.path.join(out_dir, f"step-{step}", name)
        fabric.save(path, {"step": step, **state})
