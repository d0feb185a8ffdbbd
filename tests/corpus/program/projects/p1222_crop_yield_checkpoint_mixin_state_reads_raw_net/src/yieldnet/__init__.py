"""yieldnet: per-field crop-yield regression from weather and soil features."""
from .hparams import Hparams
from .model import FieldBlock, YieldRegressor
from .trainer import BaseTrainer, TPUTrainer

__all__ = ["Hparams", "FieldBlock", "YieldRegressor", "BaseTrainer", "TPUTrainer"]
