"""A hydra-like config, composed in code: groups of defaults, then `key.sub=value` overrides."""
import copy
from types import SimpleNamespace

from .groups import DEFAULTS


def _namespace(tree):
    return SimpleNamespace(**{k: _namespace(v) if isinstance(v, dict) else v for k, v in tree.items()})


def _set(tree, dotted, value):
    *parents, leaf = dotted.split(".")
    for key in parents:
        tree = tree.setdefault(key, {})
    tree[leaf] = value


def compose(overrides=()):
    tree = copy.deepcopy(DEFAULTS)
    for override in overrides:
        key, _, value = override.partition("=")
        _set(tree, key, value)
    return _namespace(tree)
