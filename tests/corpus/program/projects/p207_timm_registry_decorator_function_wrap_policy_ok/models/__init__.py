"""Importing the package registers every model, as timm's `timm.models` does."""
from models._registry import create_model, get_fsdp_wrap_policy, list_models
from models.vit import *  # noqa: F401,F403

__all__ = ["create_model", "get_fsdp_wrap_policy", "list_models"]
