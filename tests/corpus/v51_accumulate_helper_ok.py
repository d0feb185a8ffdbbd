# expect: none
# real: OK
# findings: none
"""Accumulation helper shared by trainers: it receives the set-up model kept on the trainer."""
from contextlib import nullcontext

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def sync_context(fabric, model, accumulating):
    if accumulating:
        return fabric.no_backward_sync(model, enabled=True)
    return nullcontext()


class Trainer:
    def __init__(self, fabric, accum=2):
        self.fabric = fabric
        self.accum = accum

    def fit(self, model):
        self.module = self.fabric.setup_module(model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.module.parameters(), lr=1e-3))
        for i in range(2 * self.accum):
            accumulating = (i + 1) % self.accum != 0
            x = torch.randn(4, 8, device=self.fabric.device)
            with sync_context(self.fabric, self.module, accumulating):
                loss = F.mse_loss(self.module(x), x)
                self.fabric.backward(loss)
            if not accumulating:
                self.optimizer.step()
                self.optimizer.zero_grad()


def main(fabric):
    Trainer(fabric).fit(nn.Sequential(nn.Linear(8, 32), Block(), Block(), nn.Linear(32, 8)))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
