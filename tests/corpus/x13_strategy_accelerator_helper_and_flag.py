# expect: LXF011
# real: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# findings: LXF011 error 52
"""The strategy gets its own XLAAccelerator in a helper, and Fabric is given an accelerator too."""
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


from lightning.fabric.accelerators import XLAAccelerator


def make_strategy():
    return XLAFSDPStrategy(accelerator=XLAAccelerator(), auto_wrap_policy={Block})


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


fabric = Fabric(accelerator="tpu", strategy=make_strategy())
fabric.launch(train)
