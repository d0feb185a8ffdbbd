"""A small training library: a `Trainer` with hooks a task overrides."""
from core.trainer import Trainer

__all__ = ["Trainer"]
