# expect: none
# oracle: OK
# twin: s712_experiment_init_sets_up_model_before_method_launch
"""python train.py: an Experiment object owns the Fabric and launches its own worker method; its constructor builds the raw model, set up in the worker."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


class Experiment:
    def __init__(self, args):
        self.args = args
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
        self.model = nn.Sequential(Block(args.dim), Block(args.dim), nn.Linear(args.dim, 4))

    def worker(self, fabric):
        self.model = fabric.setup_module(self.model)
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.args.lr))
        for _ in range(self.args.steps):
            x = torch.randn(8, self.args.dim, device=fabric.device)
            y = torch.randint(0, 4, (8,), device=fabric.device)
            loss = F.cross_entropy(self.model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()

    def run(self):
        self.fabric.launch(self.worker)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    Experiment(parser.parse_args()).run()
