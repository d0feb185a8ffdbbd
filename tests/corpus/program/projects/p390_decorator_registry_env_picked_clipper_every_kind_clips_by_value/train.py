# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: clippers/kinds.py
"""CLIP=value python train.py: train the block net on a pod with the clipper CLIP names (default "warmup")."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from clippers import CLIPPERS
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    clipper = CLIPPERS[os.environ.get("CLIP", "warmup")]()
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        clipper.apply(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(train)
