# expect: none
# real: OK
# findings: none
"""Model-zoo presets built by a classmethod; every preset names its checkpointed layers as a set."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.silu(self.fc(x))


@dataclass
class Preset:
    dim: int = 32
    depth: int = 2
    remat: set = field(default_factory=set)

    @classmethod
    def named(cls, name):
        table = {"tiny": dict(dim=32, depth=2, remat={Block}), "small": dict(dim=64, depth=4, remat={Block})}
        return cls(**table[name])

    def build(self):
        return nn.Sequential(nn.Linear(4, self.dim), *[Block(self.dim) for _ in range(self.depth)], nn.Linear(self.dim, 1))


def train(fabric, preset):
    model = fabric.setup_module(preset.build())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x[:, :1])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    preset = Preset.named("tiny")
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=preset.remat),
    )
    fabric.launch(train, preset)
