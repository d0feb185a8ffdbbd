"""Saving and restoring training state with Fabric (sharded checkpoints on TPU)."""
import os


def checkpoint_path(ckpt_dir, epoch):
    return os.path.join(ckpt_dir, f"epoch-{epoch:03d}")


def save(fabric, ckpt_dir, epoch, model, optimizer, metric):
    path = checkpoint_path(ckpt_dir, epoch)
    fabric.save(path, {"model": model, "optimizer": optimizer, "epoch": epoch, "metric": metric})
    return path


def restore(fabric, path, model, optimizer):
    """Load `path` into the live model and optimizer; returns the epoch it was saved at."""
    checkpoint = {"model": model, "optimizer": optimizer, "epoch": 0, "metric": 0.0}
    fabric.load(path, checkpoint)
    return checkpoint["epoch"]
