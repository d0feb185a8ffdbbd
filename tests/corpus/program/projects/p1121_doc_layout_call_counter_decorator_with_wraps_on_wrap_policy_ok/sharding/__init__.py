"""Wrap policies for XLAFSDP."""
from .policies import layout_block_policy

__all__ = ["layout_block_policy"]
