# expect: none
# oracle: OK
# twin: s664_experiment_launches_worker_method_result
"""python train.py: an experiment object builds its worker, and the main block launches what calling the worker method returns: a partial of the module-level run."""
import argparse
import functools

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


def run(fabric, dim, lr, steps):
    model = fabric.setup_module(Net(dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for _ in range(steps):
        x = torch.randn(8, dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


class Experiment:
    def __init__(self, args):
        self.args = args
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def worker(self):
        return functools.partial(run, dim=self.args.dim, lr=self.args.lr, steps=self.args.steps)

    def start(self):
        return self.fabric.launch(self.worker())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    Experiment(parser.parse_args()).start()
