"""Typed run configuration of the air-quality forecaster."""
from configs.schema import Config, FabricSection, PluginSection, TrainSection  # noqa: F401
from configs.presets import PRESETS


def load(name: str = "tpu-v3-8", **train_overrides) -> Config:
    raw = PRESETS[name]
    raw = {**raw, "train": {**raw.get("train", {}), **train_overrides}}
    return Config.from_dict(raw)
