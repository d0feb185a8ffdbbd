from .base import BaseTrainer
from .tpu import TPUTrainer

__all__ = ["BaseTrainer", "TPUTrainer"]
