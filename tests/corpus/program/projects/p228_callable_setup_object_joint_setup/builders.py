"""Callable recipes: `ModelSetup(lr=...)` is called with the Fabric and a fresh model, and returns both set up."""
import torch


class ModelSetup:
    def __init__(self, lr=3e-4, weight_decay=0.01):
        self.lr = lr
        self.weight_decay = weight_decay

    def make_optimizer(self, params):
        return torch.optim.AdamW(params, lr=self.lr, weight_decay=self.weight_decay)

    def __call__(self, fabric, model):
        optimizer = self.make_optimizer(model.parameters())
        return fabric.setup(model, optimizer)
