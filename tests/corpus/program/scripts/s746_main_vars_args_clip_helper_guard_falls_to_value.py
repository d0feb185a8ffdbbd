# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python train.py: main(**vars(args)); a clipping helper returns early with max_norm when one is given, else clips by value."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def clip_kwargs(max_norm=None, clip_value=None):
    if max_norm is not None:
        return {"max_norm": max_norm}
    if clip_value is None:
        return {}
    return {"clip_val": clip_value}


def train(fabric, lr, steps, max_norm, clip_value):
    model = fabric.setup_module(nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=lr))
    clipping = clip_kwargs(max_norm=max_norm, clip_value=clip_value)
    for _ in range(steps):
        x = torch.randn(16, 20, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 2, (16,), device=fabric.device))
        fabric.backward(loss)
        if clipping:
            fabric.clip_gradients(model, optimizer, **clipping)
        optimizer.step()
        optimizer.zero_grad()


def main(lr, steps, max_norm, clip_value, state_dict_type):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type=state_dict_type))
    fabric.launch(train, lr, steps, max_norm, clip_value)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--max-norm", type=float, default=None)
    parser.add_argument("--clip-value", type=float, default=0.5)
    parser.add_argument("--state-dict-type", default="sharded", choices=["full", "sharded"])
    args = parser.parse_args()
    main(**vars(args))
