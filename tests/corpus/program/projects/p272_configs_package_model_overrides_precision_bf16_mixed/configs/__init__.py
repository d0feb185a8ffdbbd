"""Fabric settings per model: the shared base, merged with the overrides each model's module keeps."""
from . import gpt_nano, gpt_small
from .base import BASE

OVERRIDES = {
    "gpt-nano": gpt_nano.OVERRIDES,
    "gpt-small": gpt_small.OVERRIDES,
}


def fabric_config(name):
    """The keyword arguments of `Fabric(...)` for model `name`: its overrides win over the base."""
    return {**BASE, **OVERRIDES[name]}
