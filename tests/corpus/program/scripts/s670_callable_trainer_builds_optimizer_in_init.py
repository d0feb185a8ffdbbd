# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""python train.py: a Trainer object is launched as the function (its `__call__` takes the fabric); its `__init__` builds the optimizer over the raw net, in the parent."""
import argparse

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


class Trainer:
    """Holds what one run needs; Fabric calls it in every process, like a function."""

    def __init__(self, args):
        self.args = args
        self.net = Net(args.dim)
        self.optimizer = torch.optim.AdamW(self.net.parameters(), lr=args.lr)

    def __call__(self, fabric):
        model = fabric.setup_module(self.net)
        optimizer = fabric.setup_optimizers(self.optimizer)
        for _ in range(self.args.steps):
            x = torch.randn(8, self.args.dim, device=fabric.device)
            loss = model(x).pow(2).mean()
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(Trainer(args))
