"""Save and restore the tagger's training state (sharded XLA FSDP checkpoints)."""


def save_state(fabric, path, model, optimizer, **progress):
    """Save model, optimizer and whatever progress counters the caller passes as keywords."""
    fabric.save(path, {"model": model, "optimizer": optimizer, **progress})


def load_state(fabric, path, model, optimizer, *, with_progress=True):
    """Restore in place; with ``with_progress`` also read back the epoch and the best accuracy so far."""
    state = {"model": model, "optimizer": optimizer}
    if with_progress:
        state.update(epoch=0, best_acc=0.0)
    fabric.load(path, state)
    return state
