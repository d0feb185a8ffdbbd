"""Save every few steps; on start-up, resume from the last save if there is one."""
import os


def save(fabric, directory, step, model, optimizer):
    path = os.path.join(directory, f"step-{step:05d}")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path


def latest(directory):
    if not os.path.isdir(directory):
        return None
    steps = sorted(name for name in os.listdir(directory) if name.startswith("step-"))
    return os.path.join(directory, steps[-1]) if steps else None


def resume(fabric, directory, model, optimizer):
    path = latest(directory)
    if path is None:
        return 0
    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(path, state)
    fabric.print(f"resumed from {path} at step {state['step']}")
    return state["step"]


def prune(directory, keep=3):
    """Delete all but the newest `keep` checkpoint folders (rank 0 only)."""
    if not os.path.isdir(directory):
        return []
    steps = sorted(name for name in os.listdir(directory) if name.startswith("step-"))
    return steps[:-keep] if len(steps) > keep else []
