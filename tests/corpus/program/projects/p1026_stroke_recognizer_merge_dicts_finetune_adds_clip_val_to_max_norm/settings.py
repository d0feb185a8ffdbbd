"""Default settings of the online-handwriting (pen stroke) recognizer."""

DEFAULTS = {
    "data": {"points": 32, "letters": 26, "batch": 32},
    "model": {"hidden": 64},
    "optim": {"lr": 1e-3, "steps": 3},
    # keyword arguments of `fabric.clip_gradients`
    "clip": {"max_norm": 1.0},
}
