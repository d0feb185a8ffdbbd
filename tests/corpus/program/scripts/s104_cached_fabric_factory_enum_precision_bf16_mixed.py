# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python script.py: one cached Fabric per precision; the run's config names the precision with an enum."""
import enum
import functools
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


class Precision(enum.Enum):
    FULL = "32-true"
    BF16 = "bf16-mixed"


@dataclass(frozen=True)
class RunConfig:
    precision: Precision = Precision.BF16
    steps: int = 2
    lr: float = 1e-3


@functools.cache
def fabric_for(precision: Precision) -> Fabric:
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    return Fabric(accelerator="tpu", precision=precision.value, strategy=strategy)


def train(fabric, cfg: RunConfig):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric_for(cfg.precision).launch(train, cfg)
