"""Checkpoints: one sharded directory per save."""
import os


def save_checkpoint(fabric, out_dir, step, model, optimizer, scheduler):
    path = os.path.join(out_dir, f"step-{step:06d}")
    state = {"model": model, "optimizer": optimizer, "scheduler": scheduler.state_dict(), "step": step}
    fabric.save(path, state)
    return path
