from .callbacks import RecallCallback
from .trainer import Trainer

__all__ = ["RecallCallback", "Trainer"]
