# expect: LXF028
# real: RAISED TypeError: 'tuple' object is not callable
# findings: LXF028 error 54
"""MoE-ish feed-forward model; wrapping and checkpointing classes come from one frozen config."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy as FSDP


class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return F.gelu(self.fc(x))


class MoELayer(nn.Module):
    def __init__(self, dim=32, experts=2):
        super().__init__()
        self.router = nn.Linear(dim, experts)
        self.experts = nn.ModuleList(Expert(dim) for _ in range(experts))

    def forward(self, x):
        weights = self.router(x).softmax(-1)
        return x + sum(weights[..., i : i + 1] * e(x) for i, e in enumerate(self.experts))


@dataclass(frozen=True)
class ShardPlan:
    wrap_classes: tuple = (MoELayer, Expert)
    remat_classes: frozenset = frozenset()


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), MoELayer(), MoELayer(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x.sum(-1, keepdim=True))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    plan = ShardPlan()
    strategy = FSDP(auto_wrap_policy=plan.wrap_classes, activation_checkpointing_policy=set(plan.remat_classes))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
