"""Sharded checkpoints of the fire model: save the training state, restore it in place."""


def save(fabric, path, model, optimizer=None, **extra):
    state = {"model": model, **extra}
    if optimizer is not None:
        state["optimizer"] = optimizer
    fabric.save(path, state)


def load(fabric, path, *targets, **extra):
    """Restore in place: either one ready-made state, or the model and optimizer (plus ``extra`` keys) to fill."""
    if len(targets) == 1:
        return fabric.load(path, targets[0])
    model, optimizer = targets
    state = {"model": model, "optimizer": optimizer, **extra}
    fabric.load(path, state)
    return state
