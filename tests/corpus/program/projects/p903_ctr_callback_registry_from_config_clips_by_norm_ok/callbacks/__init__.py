from .registry import CALLBACK_REGISTRY, build_callbacks, register_callback
from . import clipping, throughput  # noqa: F401  (registers the callbacks)

__all__ = ["CALLBACK_REGISTRY", "build_callbacks", "register_callback"]
