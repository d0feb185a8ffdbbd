from callbacks.checkpoint import PeriodicCheckpoint
from callbacks.logging import PrintLoss

__all__ = ["PeriodicCheckpoint", "PrintLoss"]
