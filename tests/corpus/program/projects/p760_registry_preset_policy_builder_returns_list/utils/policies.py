"""Turns the layer names of a model config into the wrap policy XLAFSDP shards by."""
import models


def resolve_layers(names):
    layers = []
    for name in names:
        layer = getattr(models, name, None)
        if layer is None:
            raise ValueError(f"models.py has no layer class {name!r}")
        layers.append(layer)
    return layers


def make_policy(model_cfg):
    return resolve_layers(model_cfg.wrap_layers)
