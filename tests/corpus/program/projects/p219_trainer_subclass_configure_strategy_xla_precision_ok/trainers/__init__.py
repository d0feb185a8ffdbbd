from .base import Trainer
from .lm import LMTrainer

__all__ = ["LMTrainer", "Trainer"]
