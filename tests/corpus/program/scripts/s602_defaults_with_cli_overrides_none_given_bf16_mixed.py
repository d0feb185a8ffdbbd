# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python s602_defaults_with_cli_overrides_none_given_bf16_mixed.py [key=value ...]: Fabric's settings, any of them overridden from the command line."""
import argparse
import json
import os
import sys

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

DEFAULTS = {"accelerator": "tpu", "precision": "bf16-mixed", "devices": "auto"}


def overrides_from_cli(argv):
    """`precision=16-true devices=4`: each `key=value` word, the value as JSON when it parses."""
    out = {}
    for word in argv:
        key, _, raw = word.partition("=")
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    settings = dict(DEFAULTS, **overrides_from_cli(sys.argv[1:]))
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **settings)
    fabric.launch(train)
