# expect: none
# oracle: OK
# twin: s436_default_factory_set_remat_overridden_by_list_in_pod_overrides
"""python train.py: a run config with defaults, then the pod recipe's overrides applied by name."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


@dataclass
class RunConfig:
    precision: str = "32-true"
    wrap_layers: set = field(default_factory=lambda: {Block})
    remat_layers: list = field(default_factory=lambda: [Block])
    lr: float = 1e-3


POD_OVERRIDES = [
    ("precision", "bf16-true"),
    ("remat_layers", {Block}),
    ("lr", 3e-4),
]


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    x = torch.randn(8, 32, device=fabric.device)
    y = torch.randint(0, 4, (8,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    cfg = RunConfig()
    for name, value in POD_OVERRIDES:
        setattr(cfg, name, value)
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers, activation_checkpointing_policy=cfg.remat_layers)
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=cfg.precision)
    fabric.launch(train, cfg)
