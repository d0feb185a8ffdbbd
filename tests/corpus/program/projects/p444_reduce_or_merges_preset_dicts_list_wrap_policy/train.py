# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: presets/blocks.py
"""python train.py [--preset NAME ...]: train the block net with the strategy keywords of the presets, in order."""
import argparse
import functools
import operator

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Net
from presets import base, blocks

PRESETS = {"base": base.STRATEGY, "blocks": blocks.STRATEGY}


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", nargs="+", default=["base", "blocks"], choices=sorted(PRESETS))
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    kwargs = functools.reduce(operator.or_, (PRESETS[name] for name in args.preset), {})
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(**kwargs))
    fabric.launch(train, args.steps)


if __name__ == "__main__":
    main()
