"""Last-checkpoint helpers shared by training and evaluation."""
import os

LAST = "last"


def save_last(fabric, out_dir: str, model, optimizer, step: int) -> str:
    path = os.path.join(out_dir, LAST)
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path


def load_last(fabric, out_dir: str, model, optimizer) -> int:
    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(os.path.join(out_dir, LAST), state)
    return state["step"]
