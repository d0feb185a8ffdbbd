import os


def save_checkpoint(fabric, out_dir, state):
    path = os.path.join(out_dir, f"step-{state['step']:06d}")
    fabric.print(f"Saving checkpoint to {path}")
    fabric.save(path, state)
    return path


def load_checkpoint(fabric, path, state=None):
    """Restores `state` in place when given; returns what the checkpoint holds beyond it."""
    fabric.print(f"Resuming from {path}")
    return fabric.load(path, state)
