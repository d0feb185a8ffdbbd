# expect: none
# real: OK
# findings: LXF010 warning 49
"""The accelerator comes from an argparse option whose default is tpu; cpu is only a choice."""
import argparse
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=16, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--accelerator", default="tpu", choices=["cpu", "tpu"])
    args = parser.parse_args(argv)
    fabric = Fabric(accelerator=args.accelerator, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)


if __name__ == "__main__":
    main([])
