from .base import Trainer
from .tpu import TPUTrainer

__all__ = ["Trainer", "TPUTrainer"]
