"""Hand-rolled config composition: each module in configs/ defines CONFIG; `compose` deep-merges them in order."""
import ast
import copy
import importlib

__all__ = ["compose", "override"]


def _merge(into, update):
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = copy.deepcopy(value)
    return into


def override(cfg, assignment):
    """Apply one `a.b.c=value` override in place (the value is a Python literal, or a bare string)."""
    dotted, _, raw = assignment.partition("=")
    *parents, leaf = dotted.strip().split(".")
    node = cfg
    for part in parents:
        node = node.setdefault(part, {})
    try:
        node[leaf] = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        node[leaf] = raw
    return cfg


def compose(names, overrides=()):
    cfg = {}
    for name in names:
        module = importlib.import_module(f"{__name__}.{name}")
        _merge(cfg, module.CONFIG)
    for assignment in overrides:
        override(cfg, assignment)
    return cfg
