"""Wrap policies shared by the experiments (common/ is a namespace package)."""
from model import Block


def block_policy(module, recurse, **kwargs):
    return recurse or isinstance(module, Block)
