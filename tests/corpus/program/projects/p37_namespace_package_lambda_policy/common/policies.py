"""Wrap policies shared by the experiments (common/ is a namespace package)."""
from model import Block

block_policy = lambda module, recurse, **kwargs: recurse or isinstance(module, Block)  # noqa: E731
