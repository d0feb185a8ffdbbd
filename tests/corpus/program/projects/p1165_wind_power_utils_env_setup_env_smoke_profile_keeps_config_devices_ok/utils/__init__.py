"""Helpers shared by train.py and the evaluation notebooks."""
from .env import setup_env

__all__ = ["setup_env"]
