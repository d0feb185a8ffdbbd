import torch

from model import Net


def build(fabric, lr=1e-3):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return model, fabric.setup_optimizers(optimizer)
