# expect: none
# oracle: OK
# twin: s730_tpu_cores_env_default_one_device
"""python train.py: the number of TPU cores read from TPU_CORES, whose default is a whole v3-8 host."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

STEPS = int(os.environ.get("STEPS", "2"))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    for _ in range(STEPS):
        x = torch.randn(16, 32, device=fabric.device)
        y = torch.randint(0, 10, (16,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        devices=int(os.environ.get("TPU_CORES", "8")),
        strategy=XLAFSDPStrategy(state_dict_type="sharded"),
    )
    fabric.launch(train)
