"""Settings shared by every profile of the keyword spotter."""

DEFAULTS = {
    "runtime": {"accelerator": "tpu", "devices": 4, "seed": 13},  # one v4-8 host: 4 chips
    "features": {"n_mels": 40, "frames": 32},
    "model": {"channels": 64, "blocks": 3, "n_keywords": 12},
    "optim": {"lr": 1e-3, "steps": 20, "batch": 32},
}
