"""Defaults for the run; `train.py` overrides them from the environment."""
import os

DEFAULTS = {
    "data": {"name": "synthetic_loader", "batch_size": 8, "dim": 16},
    "optim": {"lr": 1e-3},
    "epochs": 1,
}


def get_config():
    cfg = {k: dict(v) if isinstance(v, dict) else v for k, v in DEFAULTS.items()}
    cfg["data"]["name"] = os.environ.get("DATA_NAME", cfg["data"]["name"])
    return cfg
