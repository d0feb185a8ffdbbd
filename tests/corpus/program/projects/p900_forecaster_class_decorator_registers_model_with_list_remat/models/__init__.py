from .registry import MODELS, register_model
from . import mlp, tcn  # noqa: F401  (importing registers the models)

__all__ = ["MODELS", "register_model"]
