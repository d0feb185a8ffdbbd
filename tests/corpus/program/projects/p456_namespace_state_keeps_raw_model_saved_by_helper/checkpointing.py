"""Checkpoints of the training state, one sharded directory per save."""
import os

CKPT_DIR = "checkpoints"


def save_checkpoint(fabric, state, tag="last"):
    path = os.path.join(CKPT_DIR, tag)
    fabric.save(path, {"model": state.model, "optimizer": state.optimizer, "step": state.step})
    return path
