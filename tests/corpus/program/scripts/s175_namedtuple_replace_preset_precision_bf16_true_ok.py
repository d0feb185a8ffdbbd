# expect: none
# oracle: OK
# twin: s174_namedtuple_replace_preset_precision_bf16_mixed
"""python script.py: run specs are NamedTuples; the bf16 preset is the base spec `_replace`d."""
from typing import NamedTuple

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


class RunSpec(NamedTuple):
    precision: str = "32-true"
    steps: int = 2
    lr: float = 1e-3


BASE = RunSpec()
PRESETS = {
    "fp32": BASE,
    "bf16": BASE._replace(precision="bf16-true"),
    "smoke": BASE._replace(steps=1),
}


def make_fabric(spec: RunSpec) -> Fabric:
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    return Fabric(accelerator="tpu", precision=spec.precision, strategy=strategy)


def train(fabric, spec: RunSpec):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=spec.lr))
    for _ in range(spec.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    spec = PRESETS["bf16"]
    fabric = make_fabric(spec)
    fabric.launch(train, spec)
