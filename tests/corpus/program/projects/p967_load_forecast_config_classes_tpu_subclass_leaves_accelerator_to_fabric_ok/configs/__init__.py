"""Run configurations, one class per hardware target; pick one by name."""
from configs.base import BaseConfig
from configs.tpu import TPUConfig, TPUSmokeConfig

CONFIGS = {
    "base": BaseConfig,
    "tpu": TPUConfig,
    "tpu-smoke": TPUSmokeConfig,
}


def get(name: str) -> BaseConfig:
    return CONFIGS[name]()
