"""Per-cluster changes to config.py, written into its namespace so every `config.X` reader sees them."""
import config

POD = {
    "REDUCE_OP": "max",  # log the worst replica
    "LOG_EVERY": 1,
}


def apply(overrides=POD):
    unknown = set(overrides) - set(vars(config))
    if unknown:
        raise KeyError(f"no such settings: {sorted(unknown)}")
    config.__dict__.update(overrides)
