"""Experiment configs: `TrainConfig.from_preset(name)` picks a named TPU preset."""
from .presets import PRESETS, ModelConfig, TrainConfig

__all__ = ["PRESETS", "ModelConfig", "TrainConfig"]
