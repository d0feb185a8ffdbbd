"""Sharded checkpoint helpers: save, and a reload that checks the snapshot is readable."""
import os
from contextlib import contextmanager


def checkpoint_path(ckpt_dir, step):
    return os.path.join(ckpt_dir, f"step-{step:05d}")


@contextmanager
def resumable(fabric, ckpt_dir, state, check):
    """Runs the block, then saves `state`; with `check`, loads it back into the same objects."""
    yield state
    path = checkpoint_path(ckpt_dir, state["step"])
    fabric.save(path, state)
    if check:
        fabric.load(path, state)
        fabric.print(f"checkpoint {path} reloads (step {state['step']})")
