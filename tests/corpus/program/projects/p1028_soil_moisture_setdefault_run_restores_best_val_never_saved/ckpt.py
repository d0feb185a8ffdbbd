"""Checkpoint helpers: the state is the named subset of the training objects."""


def save_checkpoint(fabric, path, objects, keys):
    fabric.save(path, {key: objects[key] for key in keys})


def restore_checkpoint(fabric, path, objects, keys):
    state = {key: objects[key] for key in keys}
    fabric.load(path, state)
    return state
