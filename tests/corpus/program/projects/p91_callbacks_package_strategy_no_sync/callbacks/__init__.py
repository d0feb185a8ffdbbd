from .accumulation import GradientAccumulation
from .progress import PrintProgress

__all__ = ["GradientAccumulation", "PrintProgress"]
