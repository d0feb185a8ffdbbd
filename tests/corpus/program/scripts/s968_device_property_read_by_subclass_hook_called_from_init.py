# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""Fraud detector on imbalanced synthetic transactions; a subclass hook builds the class-weight buffer on the trainer's `device` property."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.net(x)


class FraudNet(nn.Module):
    def __init__(self, features=30, dim=64):
        super().__init__()
        self.inp = nn.Linear(features, dim)
        self.experts = nn.Sequential(Expert(dim), Expert(dim))
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        return self.out(self.experts(self.inp(x)))


class Trainer:
    def __init__(self, fabric, steps=3):
        self.fabric = fabric
        self.steps = steps
        self.on_init()

    @property
    def device(self):
        return self.fabric.device

    def on_init(self):
        """Hook for subclasses: create buffers the loss needs."""

    def loss(self, logits, labels):
        return F.cross_entropy(logits, labels)

    def run(self, fabric):
        model = fabric.setup_module(FraudNet())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for step in range(self.steps):
            x = torch.randn(64, 30, device=fabric.device)
            y = (torch.rand(64, device=fabric.device) < 0.05).long()  # ~5% fraud
            loss = self.loss(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: weighted loss {loss.item():.4f}")


class WeightedTrainer(Trainer):
    fraud_rate = 0.05

    def on_init(self):
        self.class_weights = torch.tensor([1.0, (1 - self.fraud_rate) / self.fraud_rate], device=self.device)

    def loss(self, logits, labels):
        return F.cross_entropy(logits, labels, weight=self.class_weights)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Expert}))
    trainer = WeightedTrainer(fabric)
    fabric.launch(trainer.run)
