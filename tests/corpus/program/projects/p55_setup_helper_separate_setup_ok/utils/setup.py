"""The model and its optimizer, set up for the Fabric they are given."""
import torch

from model import Net


def setup(fabric, cfg):
    model = fabric.setup_module(Net(depth=cfg["depth"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    return model, optimizer
