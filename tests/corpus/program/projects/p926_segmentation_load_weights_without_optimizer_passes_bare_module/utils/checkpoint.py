"""Checkpoint helpers shared by training and evaluation."""


def save_checkpoint(fabric, path, model, optimizer, step):
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})


def load_weights(fabric, path, model, optimizer=None):
    """Restore the model (and the optimizer when resuming training) from `path`."""
    target = model if optimizer is None else {"model": model, "optimizer": optimizer}
    return fabric.load(path, target)
