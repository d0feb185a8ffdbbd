# expect: none
# oracle: OK
# twin: s05_stage_list_joint_setup
"""The run is a list of stages, each a function of (fabric, state), called in order by the worker."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def batch(fabric, n=8):
    return torch.randn(n, 32, device=fabric.device), torch.randint(0, 4, (n,), device=fabric.device)


def build(fabric, state):
    model = Net()
    state['model'] = model = fabric.setup_module(model)
    state['optimizer'] = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))


def fit(fabric, state):
    model, optimizer = state["model"], state["optimizer"]
    for _ in range(2):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


STAGES = [build, fit]


def worker(fabric):
    state = {}
    for stage in STAGES:
        stage(fabric, state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(worker)
