# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: defaults.py
"""python train.py [--machine tpu_v4]: Fabric's settings are the defaults with the machine's file over them."""
import argparse
import json
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from defaults import FABRIC
from model import Block, Net

RUNS = Path(__file__).resolve().parent / "runs"


def fabric_settings(machine):
    with open(RUNS / f"{machine}.json") as f:
        return {**FABRIC, **json.load(f)}


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--machine", default="tpu_v4")
    args = parser.parse_args()
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **fabric_settings(args.machine))
    fabric.launch(train)
