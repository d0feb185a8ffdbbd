"""Saving and resuming; the state's keys are the checkpoint's layout."""


def save_checkpoint(fabric, path, model, optimizer, step, data_state=None):
    state = {"model": model, "optimizer": optimizer, "step": step}
    if data_state is not None:
        state["data_state"] = data_state
    fabric.save(path, state)


def resume(fabric, path, model, optimizer, data_state=None):
    state = {"model": model, "optimizer": optimizer, "step": 0}
    if data_state is not None:
        state["data_state"] = data_state
    fabric.load(path, state)
    return state["step"]
