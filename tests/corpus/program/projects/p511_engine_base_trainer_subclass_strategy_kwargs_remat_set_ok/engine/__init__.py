"""Trainers by name."""
from .base import BaseTrainer
from .debug import DebugTrainer
from .lm import LMTrainer

TRAINERS = {"lm": LMTrainer, "debug": DebugTrainer}

__all__ = ["BaseTrainer", "TRAINERS"]
