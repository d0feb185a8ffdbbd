"""A minimal `hydra.utils.instantiate`: build `_target_` nodes recursively."""
import importlib


def locate(path):
    module_name, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


def instantiate(node, **overrides):
    if isinstance(node, dict):
        node = {k: instantiate(v) for k, v in node.items()}
        if "_target_" in node:
            target = locate(node.pop("_target_"))
            return target(**{**node, **overrides})
        return node
    if isinstance(node, list):
        return [instantiate(v) for v in node]
    return node
