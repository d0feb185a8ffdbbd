"""Builds the model and its optimizer on the Fabric's devices."""
import torch

from lm.model import Block, Net


def build(fabric, lr=3e-4):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    return net, optimizer


WRAP_LAYERS = {Block}
