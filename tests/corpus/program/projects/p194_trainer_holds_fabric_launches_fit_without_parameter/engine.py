"""The training engine: it keeps the Fabric it is built with and runs the loop on it."""
import torch
import torch.nn.functional as F

from model import Net


class Trainer:
    def __init__(self, fabric, max_steps=2, lr=3e-4):
        self.fabric = fabric
        self.max_steps = max_steps
        self.lr = lr

    def fit(self):
        fabric = self.fabric
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
