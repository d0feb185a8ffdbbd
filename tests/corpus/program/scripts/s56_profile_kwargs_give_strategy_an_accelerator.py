# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
"""python script.py [PROFILE]: PROFILE picks the strategy settings (default: v4)."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
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


PROFILES = {
    "v4": {"auto_wrap_policy": {Block}, "accelerator": XLAAccelerator()},
    "debug": {"auto_wrap_policy": {Block}},
}


def make_strategy(profile):
    kwargs = {k: v for k, v in PROFILES[profile].items() if v is not None}
    return XLAFSDPStrategy(**kwargs)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    profile = sys.argv[1] if len(sys.argv) > 1 else "v4"
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(profile))
    fabric.launch(train)
