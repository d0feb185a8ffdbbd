"""`profile(name)`: the settings of a named profile (each profile module spreads the base and overrides some keys)."""
import importlib

PROFILES = ("base", "local")


def profile(name):
    module = importlib.import_module(f"{__name__}.{name}")
    return {"fabric": module.FABRIC, "checkpoint": module.CHECKPOINT, "optim": module.OPTIM}
