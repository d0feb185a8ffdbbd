# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: `RunConfig.from_argv(argv)` is a classmethod that parses `argv` (None: `sys.argv`) with a `--precision` default of `"bf16-mixed"`, over the field's `bf16-true`."""
import argparse
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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


@dataclass
class RunConfig:
    precision: str = "bf16-true"
    steps: int = 2

    @classmethod
    def from_argv(cls, argv=None):
        parser = argparse.ArgumentParser()
        parser.add_argument("--precision", default="bf16-mixed")
        parser.add_argument("--steps", type=int, default=cls.steps)
        return cls(**vars(parser.parse_args(argv)))


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(cfg.steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main(argv=None):
    cfg = RunConfig.from_argv(argv)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=cfg.precision)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
