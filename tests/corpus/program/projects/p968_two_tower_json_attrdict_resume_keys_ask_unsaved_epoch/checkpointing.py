"""Save and resume: which training objects go into a checkpoint is set in hparams.json."""
from config import HPARAMS


def _pick(objects: dict, keys) -> dict:
    return {key: objects[key] for key in keys}


def save(fabric, path: str, objects: dict) -> None:
    fabric.save(path, _pick(objects, HPARAMS.checkpoint.save_keys))


def resume(fabric, path: str, objects: dict) -> dict:
    state = _pick(objects, HPARAMS.checkpoint.resume_keys)
    fabric.load(path, state)
    return state
