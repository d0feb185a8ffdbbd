from .metrics import LossLogger

__all__ = ["LossLogger"]
