# expect: none
# real: OK
# findings: none
"""Checkpoints every other step, with the step index from enumerate and a helper-built state."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def make_state(model, optimizer, step_index):
    return {"model": model, "optimizer": optimizer, "step": step_index}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for i, lr in enumerate([1e-3, 5e-4]):
        for group in optimizer.param_groups:
            group["lr"] = lr
        step(fabric, model, optimizer)
        if i % 2 == 1:
            fabric.save(f"ckpt-{i}", make_state(model, optimizer, i))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
