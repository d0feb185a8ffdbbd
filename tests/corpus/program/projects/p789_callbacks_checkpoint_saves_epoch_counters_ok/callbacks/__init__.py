"""Fabric callbacks; each hook takes what it needs by keyword and ignores the rest."""
from .checkpoint import LastCheckpoint
from .progress import ProgressPrinter
from .resume import ResumeProbe

__all__ = ["LastCheckpoint", "ProgressPrinter", "ResumeProbe"]
