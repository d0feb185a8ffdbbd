"""Configs of the sleep stager: `RunConfig` plus named presets and override layers."""
from .presets import LAYERS, PRESETS
from .run_config import RunConfig


def load(preset, *layers):
    cfg = RunConfig.from_dict(PRESETS[preset])
    for name in layers:
        cfg = cfg.with_overrides(LAYERS[name])
    return cfg
