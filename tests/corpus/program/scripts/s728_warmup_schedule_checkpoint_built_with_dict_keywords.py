# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>: attribute lookup FabricAdamW on lightning.fabric.wrappers 
"""python train.py: a linear warm-up schedule, and a checkpoint built with dict(...) keywords that keeps the schedule object."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WARMUP = 5


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 16), nn.GELU(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=WARMUP)
    for step in range(2):
        x = torch.randn(8, 16, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        warmup.step()
    checkpoint = dict(model=model, optimizer=optimizer, lr_scheduler=warmup, step=2)
    fabric.save("checkpoints/step-2", checkpoint)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
