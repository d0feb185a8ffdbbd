"""Importing the package registers the model parts and the strategies it ships."""
from . import strategies  # noqa: F401  (registers into registry.STRATEGIES)
from .acoustic import ConformerBlock, CTCModel  # noqa: F401
