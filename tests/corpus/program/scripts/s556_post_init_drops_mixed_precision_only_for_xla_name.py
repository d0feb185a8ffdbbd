# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: `RunConfig.__post_init__` turns the GPU default `bf16-mixed` into `bf16-true` on TPUs; it checks for `"xla"`, and the config says `"tpu"`."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


@dataclass
class RunConfig:
    accelerator: str = "tpu"
    precision: str = "bf16-mixed"
    devices: str = "auto"

    def __post_init__(self):
        if self.accelerator == "xla" and self.precision.endswith("-mixed"):
            self.precision = self.precision.replace("-mixed", "-true")


if __name__ == "__main__":
    cfg = RunConfig()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, strategy=strategy, precision=cfg.precision)
    fabric.launch(train)
