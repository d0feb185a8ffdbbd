# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python train.py [fit|tune]: `fit` trains (the default); `tune` sweeps the clipping threshold on a DDP box."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Net(nn.Module):
    def __init__(self, dim: int = 32, classes: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def run(fabric, clip):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    fabric.clip_gradients(model, optimizer, **clip)
    optimizer.step()


def fit(args):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="bf16-true")
    fabric.launch(run, {"clip_val": args.clip})


def tune(args):
    for clip in (0.5, 1.0, 2.0):
        fabric = Fabric(accelerator="cpu", strategy="ddp", devices=2)
        fabric.launch(run, {"clip_val": clip})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    fit_parser = sub.add_parser("fit")
    fit_parser.add_argument("--clip", type=float, default=1.0)
    sub.add_parser("tune")
    parser.set_defaults(command="fit", clip=1.0)
    args = parser.parse_args()
    {"fit": fit, "tune": tune}[args.command](args)
