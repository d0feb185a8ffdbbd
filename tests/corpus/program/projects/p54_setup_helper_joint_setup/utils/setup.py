"""The model and its optimizer, set up for the Fabric they are given."""
import torch

from model import Net


def setup(fabric, cfg):
    model = Net(depth=cfg["depth"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    model, optimizer = fabric.setup(model, optimizer)
    return model, optimizer
