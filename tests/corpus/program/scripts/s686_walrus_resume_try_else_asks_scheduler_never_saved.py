# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'scheduler' that does not exist in the loaded checkpoint. To disable strict loading,
"""python train.py: resumes from the latest `step-*` checkpoint found with a walrus, loading in a try/except/else; the resume state asks for a scheduler state the save never wrote."""
import argparse
import glob
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


def latest_checkpoint(out_dir):
    found = sorted(glob.glob(os.path.join(out_dir, "step-*")))
    return found[-1] if found else None


def train(fabric, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    step = 0
    if (ckpt := latest_checkpoint(args.out_dir)) is not None:
        state = {"model": model, "optimizer": optimizer, "step": 0, "scheduler": {}}
        try:
            fabric.load(ckpt, state)
        except FileNotFoundError:
            fabric.print(f"{ckpt} vanished, starting over")
        else:
            step = state["step"]
    for step in range(step, step + args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(os.path.join(args.out_dir, f"step-{step + 1:06d}"), {"model": model, "optimizer": optimizer, "step": step + 1})


def main(fabric, args):
    train(fabric, args)
    # a second session in the same process picks up from the checkpoint the first one wrote
    train(fabric, args)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--out-dir", default="checkpoints")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, args)
