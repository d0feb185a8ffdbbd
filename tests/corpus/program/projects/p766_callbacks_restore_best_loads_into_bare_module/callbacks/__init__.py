from .best import RestoreBest
from .logging import ConsoleLogger

__all__ = ["RestoreBest", "ConsoleLogger"]
