# expect: LXF010
# oracle: RAISED ValueError: Device should be CPU, got xla:0 instead.
# flagged-in: train.py
"""python train.py: every setting comes from train.toml next to this file."""
import tomllib
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

with open(Path(__file__).with_name("train.toml"), "rb") as fh:
    CONFIG = tomllib.load(fh)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=CONFIG["train"]["lr"]))
    for _ in range(CONFIG["train"]["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, **CONFIG["strategy"])
    fabric = Fabric(strategy=strategy, **CONFIG["fabric"])
    fabric.launch(train)
