# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
"""python train.py: checkpointing through a `Checkpointer` Protocol; the implementation saves the model's state_dict."""
import tempfile
from typing import Protocol

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


class Checkpointer(Protocol):
    def save(self, fabric: Fabric, path: str, model: nn.Module, optimizer: torch.optim.Optimizer) -> None: ...


class ShardedCheckpointer:
    def save(self, fabric, path, model, optimizer):
        fabric.save(path, {"model": model.state_dict(), "optimizer": optimizer, "step": 2})


def train(fabric: Fabric, checkpointer: Checkpointer, steps: int = 2) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()
    checkpointer.save(fabric, tempfile.mkdtemp() + "/last", model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, ShardedCheckpointer())
