# expect: LXF003
# oracle: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
# flagged-in: utils/accum.py
"""python train.py: gradient accumulation on XLA FSDP, the micro-step in a module of its own."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from utils.accum import sync_context


def train(fabric, accumulate=2):
    model = fabric.setup_module(nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for i in range(accumulate):
        with sync_context(fabric, model, i == accumulate - 1):
            loss = model(torch.randn(4, 8, device=fabric.device)).sum()
            fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
