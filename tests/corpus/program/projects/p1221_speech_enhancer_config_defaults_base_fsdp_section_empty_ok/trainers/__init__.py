from trainers.base import BaseTrainer, fit
from trainers import tpu as _tpu  # noqa: F401  (registers TPUTrainer)

__all__ = ["BaseTrainer", "fit"]
