"""`build(run)`: a run's settings, completed from the defaults with `setdefault` (the run's own values win)."""
import copy

from .defaults import DEFAULTS


def build(run):
    cfg = copy.deepcopy(run)
    for section, values in DEFAULTS.items():
        target = cfg.setdefault(section, {})
        for key, value in values.items():
            target.setdefault(key, copy.deepcopy(value))
    return cfg
