# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
"""python script.py [--mode pretrain|finetune]"""
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


def step(fabric, model, optimizer):
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()
    optimizer.zero_grad()


def pretrain(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)


def finetune(fabric):
    model = Net()
    for p in model.blocks[0].parameters():
        p.requires_grad_(False)
    model, optimizer = fabric.setup(model, torch.optim.AdamW(model.parameters(), lr=1e-4))
    step(fabric, model, optimizer)


ENTRYPOINTS = {"pretrain": pretrain, "finetune": finetune}

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=sorted(ENTRYPOINTS), default="finetune")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(ENTRYPOINTS[args.mode])
