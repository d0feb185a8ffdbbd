# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: run settings are the command line's overrides layered over the defaults with a ChainMap."""
import argparse
from collections import ChainMap

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


DEFAULTS = {"precision": "32-true", "steps": 2, "lr": 1e-3}
TPU_OVERRIDES = {"precision": "bf16-mixed", "steps": 2}


def train(fabric, settings):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings["lr"]))
    for _ in range(settings["steps"]):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int)
    cli = {k: v for k, v in vars(parser.parse_args()).items() if v is not None}
    settings = ChainMap(cli, TPU_OVERRIDES, DEFAULTS)
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        precision=settings["precision"],
    )
    fabric.launch(train, dict(settings))


if __name__ == "__main__":
    main()
