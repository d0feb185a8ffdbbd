"""Model and optimizer, set up for the strategy in use."""
import torch


def prepare(fabric, model, lr=3e-4):
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    return model, optimizer
