"""Checkpoint helpers shared by the sub-commands."""
import os


def path_for(ckpt_dir, step):
    return os.path.join(ckpt_dir, f"step-{step:05d}")


def save(fabric, ckpt_dir, step, model, optimizer):
    path = path_for(ckpt_dir, step)
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path


def load_weights(fabric, path, model):
    """Restores only the weights (no optimizer), e.g. for evaluation or a reload check."""
    fabric.load(path, {"model": model})
    return model
