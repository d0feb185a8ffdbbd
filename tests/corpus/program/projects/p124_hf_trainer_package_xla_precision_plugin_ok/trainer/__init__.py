from .trainer import FabricTrainer

__all__ = ["FabricTrainer"]
