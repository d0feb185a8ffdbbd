"""Defaults every experiment starts from."""
from model import EncoderLayer

DEFAULTS = {
    "model": {"dim": 64, "heads": 4, "depth": 3, "max_len": 48},
    "fsdp": {"wrap": {EncoderLayer}, "remat": None},
    "optim": {"lr": 3e-4, "weight_decay": 0.01},
    "data": {"batch": 8, "length": 40, "steps": 3, "seed": 0},
}
