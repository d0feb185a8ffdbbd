"""Save the run's state, then read it back: checks the checkpoint round-trips before a long run relies on it."""


def save_and_restore(fabric, model, optimizer, step, path="ckpt"):
    state = {"model": model, "optimizer": optimizer, "step": step}
    fabric.save(path, state)
    fabric.load(path, state)
    return state["step"]
