# expect: none
# real: OK
# findings: none
"""Warm-up schedule built from a closure inside the worker: only the strategy is pickled at launch."""
import math

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


def cosine_with_warmup(warmup, total):
    def factor(step):
        if step < warmup:
            return (step + 1) / warmup
        return 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, total - warmup)))

    return factor


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, cosine_with_warmup(warmup=1, total=2))
    for _ in range(2):
        x = torch.randn(4, 4, device=fabric.device)
        loss = F.mse_loss(model(x), -x)
        fabric.backward(loss)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
