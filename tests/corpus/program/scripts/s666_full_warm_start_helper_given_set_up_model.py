# expect: LXF025
# oracle: RAISED ValueError: Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP wrapper.
"""python train.py: full checkpoints; a warm-start helper loads the pretrained weights into the model it is given, and the caller gives it the set-up one."""
import argparse
import os

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


def warm_start(fabric, path, model):
    if os.path.exists(path):
        fabric.load(path, {"model": model}, strict=False)
    return model


def export_pretrained(path, dim):
    """Stands for the pretraining run: a full checkpoint is one consolidated state dict."""
    torch.save({"model": Net(dim).state_dict()}, path)


def make_strategy():
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full")


def train(fabric, args):
    net = Net(args.dim)
    model = warm_start(fabric, args.pretrained, fabric.setup_module(net))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--pretrained", default="pretrained.ckpt")
    args = parser.parse_args()
    export_pretrained(args.pretrained, args.dim)
    fabric = Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(train, args)
