# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>: attribute lookup FabricAdamW on lightning.fabric.wrappers 
# flagged-in: train.py
"""python train.py: the optimizer and its cosine schedule come from utils/optim.py; the checkpoint keeps the schedule."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from utils.optim import build_optimization


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)))
    optimizer, scheduler = build_optimization(fabric, model)
    loss = model(torch.randn(2, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    scheduler.step()
    fabric.save("ckpt", {"model": model, "optimizer": optimizer, "scheduler": scheduler})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
