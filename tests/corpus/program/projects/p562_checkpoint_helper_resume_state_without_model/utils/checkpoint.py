"""Save and resume: the state a checkpoint holds."""


def state_of(model, optimizer, step: int = 0) -> dict:
    return {"model": model, "optimizer": optimizer, "step": step}


def save(fabric, path, model, optimizer, step: int) -> None:
    fabric.save(path, state_of(model, optimizer, step))


def resume(fabric, path, model, optimizer) -> int:
    state = {"optimizer": optimizer, "step": 0}
    fabric.load(path, state)
    return state["step"]
