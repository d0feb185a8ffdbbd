# expect: none
# oracle: OK
# twin: s440_exists_check_then_load_without_state_after_save
"""python train.py: resume from the last checkpoint in $CKPT_DIR when there is one."""
import os

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


CKPT_DIR = os.environ.get("CKPT_DIR", "checkpoints")
LAST = os.path.join(CKPT_DIR, "last.ckpt")


def train(fabric, epochs=1):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    if os.path.exists(LAST):
        # restores in place and returns what is left over
        extra = fabric.load(LAST)
        fabric.print(f"resumed at epoch {extra.get('epoch')}")
    for epoch in range(epochs):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()
    fabric.print("done")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(train)
