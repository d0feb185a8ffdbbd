# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
"""python train.py: how the model and optimizer are set up is a small plan object, dispatched with match."""
from dataclasses import dataclass

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



@dataclass
class Joint:
    lr: float = 1e-3


@dataclass
class Separate:
    lr: float = 1e-3


PLAN = Joint(lr=3e-4)


def set_up(fabric, plan):
    match plan:
        case Joint(lr=lr):
            net = Net()
            return fabric.setup(net, torch.optim.AdamW(net.parameters(), lr=lr))
        case Separate(lr=lr):
            model = fabric.setup_module(Net())
            return model, fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
        case _:
            raise ValueError(plan)


def train(fabric, steps=2):
    model, optimizer = set_up(fabric, PLAN)
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
