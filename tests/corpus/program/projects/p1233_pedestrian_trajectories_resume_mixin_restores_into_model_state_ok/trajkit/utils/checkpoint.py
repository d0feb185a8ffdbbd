"""Thin wrappers so every trainer writes and reads checkpoints the same way."""
import os


def save(fabric, workdir, name, state):
    path = os.path.join(workdir, name)
    fabric.save(path, state)
    return path


def restore(fabric, path, into):
    """Load `path` into `into` (whatever `fabric.load` accepts) and return what was left over."""
    return fabric.load(path, into)
