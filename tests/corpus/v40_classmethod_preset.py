# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 57
"""Named presets built by a classmethod constructor, as in our model zoo."""
from dataclasses import dataclass
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


@dataclass
class Preset:
    dim: int
    depth: int
    remat: Any = None

    @classmethod
    def from_name(cls, name: str) -> "Preset":
        if name == "tiny":
            return cls(dim=32, depth=2, remat=[Block])
        if name == "small":
            return cls(dim=64, depth=4, remat={Block})
        raise KeyError(name)

    def model(self):
        return nn.Sequential(nn.Linear(4, self.dim), *[Block(self.dim) for _ in range(self.depth)], nn.Linear(self.dim, 1))


def train(fabric, preset):
    model = fabric.setup_module(preset.model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x[:, 1:2])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    preset = Preset.from_name("tiny")
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=preset.remat)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, preset)
