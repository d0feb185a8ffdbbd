from .base import BaseTrainer

__all__ = ["BaseTrainer"]
