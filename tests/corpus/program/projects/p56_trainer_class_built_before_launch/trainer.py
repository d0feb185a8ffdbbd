"""A small Trainer: it owns the set-up model and optimizer, and runs the loop with the Fabric it is given."""
import torch
import torch.nn.functional as F

from model import Net


class Trainer:
    def __init__(self, fabric, lr=1e-3):
        self.model = fabric.setup_module(Net())
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=lr))

    def fit(self, fabric, steps=2):
        for _ in range(steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(self.model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
