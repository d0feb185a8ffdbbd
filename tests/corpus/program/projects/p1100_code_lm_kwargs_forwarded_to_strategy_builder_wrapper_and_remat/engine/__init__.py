"""Training engine: builds the strategy and the Fabric, then runs the loop in every TPU process."""
from engine.runner import fit

__all__ = ["fit"]
