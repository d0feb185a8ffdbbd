import torch

from model import Net


def convert(path):
    """Stands for the weight-conversion script: a full checkpoint of the raw model."""
    torch.save({"model": Net().state_dict(), "step": 0}, path)


def restore(fabric, path, model):
    remainder = fabric.load(path, {"model": model})
    return remainder.get("step", 0)
