# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
import argparse
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_model():
    return nn.Sequential(Block(), Block(), nn.Linear(16, 4))


def train(fabric):
    model = fabric.setup_module(build_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()

from dataclasses import dataclass


@dataclass
class PrecisionConfig:
    dtype: str = "bf16"
    mode: str = "mixed"

    @property
    def flag(self) -> str:
        return "-".join((self.dtype, self.mode))


if __name__ == "__main__":
    cfg = PrecisionConfig()
    fabric = Fabric(accelerator="tpu", precision=cfg.flag, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
