# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>: attribute lookup FabricAdamW on lightning.fabric.wrappers 
"""Sequence tagger with a one-cycle schedule from a functools.partial factory; the checkpoint keeps the scheduler object."""
import functools
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.optim.lr_scheduler import OneCycleLR

TOTAL_STEPS = 6
make_scheduler = functools.partial(OneCycleLR, max_lr=3e-3, total_steps=TOTAL_STEPS, pct_start=0.5)


class Tagger(nn.Module):
    def __init__(self, features=20, hidden=48, tags=7):
        super().__init__()
        self.proj = nn.Linear(features, hidden)
        self.mix = nn.Conv1d(hidden, hidden, kernel_size=3, padding=1)
        self.out = nn.Linear(hidden, tags)

    def forward(self, x):
        h = torch.relu(self.proj(x))
        h = h + torch.relu(self.mix(h.transpose(1, 2))).transpose(1, 2)
        return self.out(h)


def train(fabric, out_dir="tagger-ckpt"):
    model = fabric.setup_module(Tagger())
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
    optimizer = fabric.setup_optimizers(optimizer)
    scheduler = make_scheduler(optimizer)

    for step in range(TOTAL_STEPS):
        x = torch.randn(8, 12, 20, device=fabric.device)
        tags = torch.randint(0, 7, (8, 12), device=fabric.device)
        loss = F.cross_entropy(model(x).flatten(0, 1), tags.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
        fabric.print(f"step {step}: loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.2e}")

    state = {"model": model, "optimizer": optimizer, "scheduler": scheduler, "step": TOTAL_STEPS}
    fabric.save(os.path.join(out_dir, "final"), state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train)
