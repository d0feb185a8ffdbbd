"""Defaults of the soil-moisture predictor."""

DEFAULTS = {
    "data": {"depths": 4, "days": 14, "batch": 32},
    "optim": {"lr": 1e-3, "steps": 3},
    "checkpoint": {"save_keys": ["model", "optimizer", "step"]},
    "resume": {"restore_keys": ["model", "optimizer", "step"]},
}
