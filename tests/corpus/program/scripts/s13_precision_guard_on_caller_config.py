# expect: LXF007
# oracle: RAISED ValueError: `precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""Precision chosen by a helper from the caller's config."""
from dataclasses import dataclass

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


@dataclass
class Config:
    debug: bool = False
    lr: float = 1e-3


def precision_for(cfg):
    if cfg.debug:
        return "16-mixed"
    return "bf16-true"


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = batch(fabric)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    cfg = Config(debug=True)
    fabric = Fabric(accelerator="tpu", precision=precision_for(cfg), strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
