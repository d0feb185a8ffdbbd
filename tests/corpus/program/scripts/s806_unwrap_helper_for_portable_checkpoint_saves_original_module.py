# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
"""python train.py: the save helper strips DDP / torch.compile wrappers (`.module`, `._orig_mod`) so the
checkpoint "loads without Fabric"; on the set-up model `.module` is Fabric's original module."""
import argparse
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def unwrap(model):
    """Undo torch.compile and DDP wrapping."""
    model = getattr(model, "_orig_mod", model)
    return getattr(model, "module", model)


def save_checkpoint(fabric, out_dir, step, model, optimizer):
    path = os.path.join(out_dir, f"step-{step:06d}")
    fabric.save(path, {"model": unwrap(model), "optimizer": optimizer, "step": step})
    return path


def train(fabric, args):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for step in range(1, args.steps + 1):
        loss = model(torch.randn(8, 32, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % args.save_every == 0:
            save_checkpoint(fabric, args.out_dir, step, model, optimizer)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--save-every", type=int, default=2)
    parser.add_argument("--out-dir", default="out")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
