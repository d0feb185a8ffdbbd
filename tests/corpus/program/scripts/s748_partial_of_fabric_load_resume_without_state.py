# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
"""python train.py: a resume step bound with functools.partial(fabric.load, path), called as it is on the second run."""
import os
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CKPT = os.environ.get("CKPT_DIR", "checkpoints/last")


def step(fabric, model, optimizer):
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.mse_loss(model(x), torch.zeros(8, 4, device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.SiLU(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    step(fabric, model, optimizer)
    fabric.save(CKPT, state)
    restore = partial(fabric.load, CKPT)
    remainder = restore()
    state["step"] = remainder.get("step", 0)
    step(fabric, model, optimizer)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded")).launch(train)
