"""Defaults of every run; a tpu.yaml beside train.py updates them when it is there."""
from pathlib import Path

import yaml

DEFAULTS = {"precision": "bf16-mixed", "steps": 1, "lr": 1e-3}


def load(folder: Path) -> dict:
    cfg = dict(DEFAULTS)
    path = folder / "tpu.yaml"
    if path.exists():
        cfg.update(yaml.safe_load(path.read_text()) or {})
    return cfg
