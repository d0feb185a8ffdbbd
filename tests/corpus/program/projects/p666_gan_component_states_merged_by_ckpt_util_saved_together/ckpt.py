"""Checkpoint helpers."""
import os


def save_all(fabric, out_dir, step, *states):
    path = os.path.join(out_dir, f"step-{step}")
    merged = {"step": step}
    for state in states:
        merged.update(state)
    fabric.save(path, merged)
