# expect: LXF032
# oracle: RAISED KeyError: 'model'
"""python train.py: save and resume on XLA FSDP (sharded); the checkpoint names the model `net`, as the CUDA trainer it came from did."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CKPT = os.path.join("checkpoints", "last")


def run_epoch(fabric, net, optimizer):
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.mse_loss(net(x), torch.zeros(8, 1, device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric):
    net = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(net.parameters(), lr=1e-3))
    run_epoch(fabric, net, optimizer)
    fabric.save(CKPT, {"net": net, "optimizer": optimizer, "epoch": 1})
    state = {"net": net, "optimizer": optimizer, "epoch": 0}
    fabric.load(CKPT, state)
    run_epoch(fabric, net, optimizer)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
