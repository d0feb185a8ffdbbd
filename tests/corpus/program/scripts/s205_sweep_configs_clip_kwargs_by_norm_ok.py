# expect: none
# oracle: OK
# twin: s204_sweep_configs_clip_kwargs_by_value
"""python sweep.py: one launch per configuration of a small sweep; each config says how to clip."""
import itertools
from functools import partial

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



def sweep():
    grid = {"lr": [1e-3], "clip": [{"max_norm": 0.5}]}
    keys = list(grid)
    for values in itertools.product(*grid.values()):
        yield dict(zip(keys, values))


def train(fabric, cfg, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **cfg["clip"])
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    for cfg in sweep():
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
        fabric.launch(partial(train, cfg=cfg))
