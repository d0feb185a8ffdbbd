from runner.base import BaseRunner

__all__ = ["BaseRunner"]
