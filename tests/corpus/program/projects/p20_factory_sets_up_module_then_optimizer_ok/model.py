"""Builds the model and its optimizer on the Fabric's devices."""
import torch

from layers import Block, Net

WRAP = {Block}


def build(fabric, cfg):
    model = fabric.setup_module(Net(depth=cfg["depth"]))
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    return model, fabric.setup_optimizers(optimizer)
