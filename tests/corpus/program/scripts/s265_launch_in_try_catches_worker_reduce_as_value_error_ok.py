# expect: none
# oracle: OK
# twin: s264_launch_in_try_catches_worker_reduce_as_key_error
"""python train.py: the whole launched run sits in a `try` so that an unsupported metric reduce ends the job with a message instead of a traceback."""
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

import sys

REDUCE = "max"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    optimizer.step()
    print("loss:", fabric.all_reduce(loss.detach(), reduce_op=REDUCE))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    try:
        fabric.launch(train)
    except ValueError as err:
        print(f"run stopped: {err}", file=sys.stderr)
