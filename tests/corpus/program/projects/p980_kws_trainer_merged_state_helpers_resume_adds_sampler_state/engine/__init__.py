from engine.trainer import Trainer

__all__ = ["Trainer"]
