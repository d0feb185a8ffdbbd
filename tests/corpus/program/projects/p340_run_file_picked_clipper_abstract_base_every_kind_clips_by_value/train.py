# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: clippers/kinds.py
"""python train.py: train the block net on a pod with the clipper and settings run.json names."""
import json
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from clippers import CLIPPERS
from model import Block, Net

RUN = json.loads(Path(__file__).with_name("run.json").read_text())


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=RUN["lr"]))
    clipper = CLIPPERS[RUN["clip"]]()
    fabric.print(clipper.describe())
    for _ in range(RUN["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        clipper.apply(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(train)
