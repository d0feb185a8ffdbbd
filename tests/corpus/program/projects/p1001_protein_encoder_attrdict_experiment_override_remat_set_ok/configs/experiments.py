"""Per-experiment overrides of configs.base.DEFAULTS, by experiment name."""
from model import EncoderLayer

EXPERIMENTS = {
    "baseline": {},
    "deep-remat": {
        "model": {"depth": 4},
        # recompute every encoder layer in the backward pass to fit longer sequences
        "fsdp": {"remat": {EncoderLayer}},
        "data": {"length": 48},
    },
}
