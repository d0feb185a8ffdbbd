# expect: none
# oracle: OK
# twin: s514_intenum_level_indexes_precisions_bf16_mixed
"""python train.py: a `Speed(IntEnum)` level indexes the tuple of precisions; the run asks for `Speed.FAST`, whose slot is `bf16-true`."""
import enum

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

class Speed(enum.IntEnum):
    SAFE = 0
    FAST = 1
    FASTEST = 2


PRECISIONS = ("32-true", "bf16-true", "bf16-mixed")  # one per Speed level


def make_fabric(level: Speed) -> Fabric:
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=PRECISIONS[level])


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = make_fabric(Speed.FAST)
    fabric.launch(train)
