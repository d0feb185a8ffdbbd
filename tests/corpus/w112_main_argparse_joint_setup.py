# expect: LXF012
# real: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# findings: LXF012 error 40
"""main() parses arguments and launches train with them; train sets up model and optimizer in one call."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric, args):
    model = make_model()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(args.steps):
        step(fabric, model, optimizer)


def main():
    parser = argparse.ArgumentParser(description="toy pretraining")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args([])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
