from .base import BaseTrainer
from .mixins import XLAShardingMixin

__all__ = ["BaseTrainer", "XLAShardingMixin"]
