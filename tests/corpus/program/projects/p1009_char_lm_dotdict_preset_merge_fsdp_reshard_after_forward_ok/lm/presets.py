"""Presets: BASE for every run, then one hardware preset on top."""
from lm.model import Block

BASE = {
    "model": {"vocab": 256, "dim": 64, "heads": 4, "layers": 2, "block_size": 32},
    "optim": {"lr": 6e-4, "betas": (0.9, 0.95), "steps": 3, "batch": 4},
    "fsdp": {"auto_wrap_policy": {Block}},
}

# ported from the team's A100 recipe
TPU_V4 = {
    "fsdp": {"reshard_after_forward": True},
    "optim": {"batch": 8},
}
