from configs.base import TrainConfig
from configs.nightly import NightlyResumeConfig

PRESETS = {"default": TrainConfig, "nightly": NightlyResumeConfig}


def load(name="default", **overrides):
    return PRESETS[name](**overrides)
