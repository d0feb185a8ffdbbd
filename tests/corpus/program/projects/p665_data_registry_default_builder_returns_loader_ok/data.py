"""Dataset registry: `@register(name)` builders, picked by the config's `data.name`."""
import torch
from torch.utils.data import DataLoader, TensorDataset

_BUILDERS = {}


def register(name):
    def deco(fn):
        _BUILDERS[name] = fn
        return fn

    return deco


@register("synthetic")
def synthetic(samples=16, dim=16, classes=4, batch_size=8):
    data = TensorDataset(torch.randn(samples, dim), torch.randint(0, classes, (samples,)))
    return data


@register("synthetic_loader")
def synthetic_loader(samples=16, dim=16, classes=4, batch_size=8):
    data = TensorDataset(torch.randn(samples, dim), torch.randint(0, classes, (samples,)))
    return DataLoader(data, batch_size=batch_size, shuffle=True)


def build(name, **kwargs):
    return _BUILDERS[name](**kwargs)
