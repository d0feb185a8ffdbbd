from .base import Trainer
from .lm import CharLMTrainer

__all__ = ["CharLMTrainer", "Trainer"]
