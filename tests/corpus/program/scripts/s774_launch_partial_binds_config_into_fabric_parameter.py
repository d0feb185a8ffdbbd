# expect: LXF018
# oracle: RAISED AttributeError: 'dict' object has no attribute 'setup_module'
"""python train.py: the run's settings bound into the launched function with functools.partial."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = {"lr": 3e-4, "steps": 2, "batch_size": 8}


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg["batch_size"],), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(functools.partial(train, CONFIG))
