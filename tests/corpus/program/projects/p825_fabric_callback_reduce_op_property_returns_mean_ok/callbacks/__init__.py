from .base import Callback
from .monitor import BestMetric
from .progress import PrintProgress

__all__ = ["BestMetric", "Callback", "PrintProgress"]
