# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
"""python train.py: the train state keeps the raw net next to the set-up model, and gradient accumulation skips the sync on the raw one."""
import argparse
from dataclasses import dataclass

import torch
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
class TrainState:
    net: nn.Module
    model: nn.Module
    optimizer: torch.optim.Optimizer
    step: int = 0


def build_state(fabric, args):
    net = Net(args.dim)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    return TrainState(net=net, model=model, optimizer=optimizer)


def train(fabric, args):
    state = build_state(fabric, args)
    for step in range(args.steps * args.accumulate):
        x = torch.randn(8, args.dim, device=fabric.device)
        is_accumulating = (step + 1) % args.accumulate != 0
        with fabric.no_backward_sync(state.net, enabled=is_accumulating):
            loss = state.model(x).pow(2).mean()
            fabric.backward(loss)
        if not is_accumulating:
            state.optimizer.step()
            state.optimizer.zero_grad()
            state.step += 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--accumulate", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
