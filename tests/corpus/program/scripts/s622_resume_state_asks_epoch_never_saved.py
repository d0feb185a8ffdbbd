# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'epoch' that does not exist in the loaded checkpoint. To disable strict loading, set
"""python train.py: a resume builds its state from the same helper the save used and stores an `epoch` into it, which the save never wrote; the sharded load is strict."""
import argparse
import copy
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_model(dim=16, depth=2):
    return nn.Sequential(*[Block(dim) for _ in range(depth)], nn.Linear(dim, 1))


def checkpoint_state(model, optimizer, step):
    """What every checkpoint of this script holds."""
    return {"model": model, "optimizer": optimizer, "step": step}


@torch.no_grad()
def update_ema(ema, model, decay=0.99):
    for e, p in zip(ema.parameters(), model.parameters()):
        e.mul_(decay).add_(p, alpha=1 - decay)


def train(fabric, args):
    model = fabric.setup_module(build_model())
    ema = fabric.setup_module(copy.deepcopy(build_model()))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(args.steps):
        x = torch.randn(4, 16, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        update_ema(ema, model)
    fabric.save(args.out, checkpoint_state(model, optimizer, args.steps))
    resume = checkpoint_state(model, optimizer, 0)
    resume["epoch"] = 1
    fabric.load(args.out, resume)
    fabric.print("done")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--out", default=os.path.join("checkpoints", "run"))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
