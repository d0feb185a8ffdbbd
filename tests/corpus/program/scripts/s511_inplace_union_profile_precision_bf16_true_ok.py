# expect: none
# oracle: OK
# twin: s510_inplace_union_profile_precision_bf16_mixed
"""python train.py: Fabric's settings are the defaults updated in place with `settings |= PROFILES[args.profile]`; the default profile asks for `bf16-true`."""
import argparse

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

DEFAULTS = {"accelerator": "tpu", "devices": "auto", "precision": "32-true"}
PROFILES = {
    "debug": {"precision": "32-true"},
    "throughput": {"precision": "bf16-true"},
}


def fabric_settings(profile):
    settings = dict(DEFAULTS)
    settings |= PROFILES[profile]
    return settings


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", default="throughput", choices=sorted(PROFILES))
    args = parser.parse_args()
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **fabric_settings(args.profile))
    fabric.launch(train)
