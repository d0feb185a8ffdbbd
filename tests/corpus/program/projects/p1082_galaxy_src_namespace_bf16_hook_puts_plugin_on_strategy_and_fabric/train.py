# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
# flagged-in: src/galaxy/precision.py
"""python train.py [--no-bf16]: classify galaxy cut-outs on a TPU host (src/ layout, run from a checkout)."""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from lightning.fabric import Fabric  # noqa: E402
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: E402

from galaxy import hardware, precision  # noqa: E402
from galaxy.model import MorphologyNet, cutouts  # noqa: E402


def train(fabric, steps=3):
    model = fabric.setup_module(MorphologyNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        images, labels = cutouts(8, device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    if args.bf16:
        precision.enable_bf16()
    fabric = Fabric(**hardware.FABRIC_KW, strategy=XLAFSDPStrategy(**hardware.STRATEGY_KW))
    fabric.launch(train)
