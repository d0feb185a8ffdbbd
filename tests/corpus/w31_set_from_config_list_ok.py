# expect: none
# real: OK
# findings: none
"""Layer names come from a config list and are turned into sets of classes before use."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Attention(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        w = torch.softmax(q @ k.transpose(-1, -2) / 4.0, dim=-1)
        return x + self.out(w @ v)


REGISTRY = {"attention": Attention, "linear": nn.Linear}


@dataclass
class ShardingConfig:
    wrap: list = field(default_factory=lambda: ["attention"])
    remat: list = field(default_factory=lambda: ["attention"])

    def policies(self):
        return {
            "auto_wrap_policy": set(REGISTRY[n] for n in self.wrap),
            "activation_checkpointing_policy": {REGISTRY[n] for n in self.remat},
        }


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Attention(), Attention()))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 3, 16, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    sharding = ShardingConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**sharding.policies()))
    fabric.launch(train)
