"""Trainers: the loop in base.py, one subclass per hardware."""
from .base import Trainer
from .xla import XLATrainer

__all__ = ["Trainer", "XLATrainer"]
