"""The training state: what a checkpoint holds and a resumed run restores."""
from types import SimpleNamespace


def init_state(model, optimizer=None):
    return SimpleNamespace(model=model, optimizer=optimizer, step=0)
