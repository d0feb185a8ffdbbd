# expect: none
# real: OK
# findings: none
"""Metric sync with ReduceOp.SUM and a mean string; clipping by norm from a config mapping."""
from torch.distributed import ReduceOp

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


CLIP = {"max_norm": 1.0, "norm_type": 2.0}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **CLIP)
        optimizer.step()
        optimizer.zero_grad()
    total = fabric.all_reduce(loss.detach(), reduce_op=ReduceOp.SUM)
    mean = fabric.all_reduce(loss.detach(), reduce_op="mean")
    fabric.print(f"{total.item():.3f} {mean.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
