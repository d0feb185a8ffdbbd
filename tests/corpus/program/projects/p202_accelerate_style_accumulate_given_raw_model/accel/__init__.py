"""An accelerate-shaped facade over Lightning Fabric: prepare, accumulate, backward."""
from accel.accelerator import Accelerator

__all__ = ["Accelerator"]
