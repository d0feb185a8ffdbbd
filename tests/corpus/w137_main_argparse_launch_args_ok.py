# expect: none
# real: OK
# findings: none
"""main() parses arguments and launches train(fabric, args); module and optimizer set up separately."""
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
    model = fabric.setup_module(make_model())
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    optimizer = fabric.setup_optimizers(optimizer)
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
