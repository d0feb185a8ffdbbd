# expect: LXF012
# real: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# findings: LXF012 error 36
"""Model and optimizer are created and set up by a helper that returns both, as in our DDP recipes."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy


class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.up = nn.Linear(dim, 2 * dim)
        self.down = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.down(F.relu(self.up(x)))


def create_model(dim=16):
    return nn.Sequential(nn.Linear(12, dim), Expert(dim), Expert(dim), nn.Linear(dim, 12))


def create_optimizer(model, lr):
    decay = [p for n, p in model.named_parameters() if p.ndim > 1]
    no_decay = [p for n, p in model.named_parameters() if p.ndim <= 1]
    return torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}], lr=lr)


def prepare(fabric, lr=1e-3):
    model = create_model()
    optimizer = create_optimizer(model, lr)
    model, optimizer = fabric.setup(model, optimizer)
    return model, optimizer


def train(fabric):
    model, optimizer = prepare(fabric)
    for _ in range(2):
        x = torch.randn(4, 12, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Expert}))
    fabric.launch(train)
