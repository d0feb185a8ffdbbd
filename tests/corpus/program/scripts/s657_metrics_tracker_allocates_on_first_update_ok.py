# expect: none
# oracle: OK
# twin: s656_metrics_tracker_allocates_on_device_before_launch
"""python train.py: a metrics tracker made in the main block keeps the Fabric and allocates its running sums on the device at its first update, inside the launched function."""
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


class MetricsTracker:
    """Running loss sums kept on the device, reduced across processes at the end."""

    def __init__(self, fabric):
        self.fabric = fabric
        self.sums = None

    def update(self, loss):
        if self.sums is None:
            self.sums = torch.zeros(2, device=self.fabric.device)
        self.sums += torch.stack([loss.detach(), torch.ones((), device=loss.device)])

    def mean(self):
        total = self.fabric.all_reduce(self.sums, reduce_op="sum")
        return (total[0] / total[1]).item()


def train(fabric, tracker, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        tracker.update(loss)
    fabric.print(f"mean loss {tracker.mean():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    tracker = MetricsTracker(fabric)
    fabric.launch(train, tracker, args)
