"""`resolve(preset, experiment)`: a preset from the table with an experiment's overrides merged on top."""
from .experiments import EXPERIMENTS
from .merge import deep_merge
from .presets import PRESETS


def resolve(preset_name, experiment_name=None):
    cfg = deep_merge({}, PRESETS[preset_name])
    if experiment_name is not None:
        cfg = deep_merge(cfg, EXPERIMENTS[experiment_name])
    return cfg
