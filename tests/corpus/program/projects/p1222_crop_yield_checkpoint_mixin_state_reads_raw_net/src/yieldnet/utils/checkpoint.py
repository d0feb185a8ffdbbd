"""Checkpoint helpers: the caller builds the state, these only decide where it goes."""
import os


def path_for(out_dir, tag):
    return os.path.join(out_dir, f"checkpoint-{tag}")


def save(fabric, out_dir, state, tag):
    path = path_for(out_dir, tag)
    fabric.save(path, state)
    return path
