# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: trainers/loops.py
"""TRAINER=Warmup python train.py: train the block net on a pod with the loop TRAINER names."""
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from trainers import loops


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    trainer_cls = getattr(loops, os.environ.get("TRAINER", "Steady") + "Trainer")
    trainer_cls(fabric).fit(model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(train)
