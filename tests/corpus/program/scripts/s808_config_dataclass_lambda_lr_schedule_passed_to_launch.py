# expect: LXF006
# oracle: RAISED _pickle.PicklingError: Can't pickle <function Config.<lambda> at 0x7fbfc67a5620>: attribute lookup Config.<lambda> on __main__ failed
"""python train.py: the run config dataclass carries its learning-rate schedule as a field whose default is a
lambda; the config is handed to `fabric.launch(train, cfg)` and used for a LambdaLR in the worker."""
import dataclasses
from typing import Callable

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def linear_warmup(step: int, warmup: int = 2) -> float:
    return min(1.0, (step + 1) / warmup)


@dataclasses.dataclass
class Config:
    steps: int = 2
    lr: float = 3e-4
    precision: str = "bf16-true"
    lr_lambda: Callable[[int], float] = lambda step: min(1.0, (step + 1) / 2)


def train(fabric, cfg: Config):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, cfg.lr_lambda)
    for _ in range(cfg.steps):
        loss = model(torch.randn(8, 32, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = Config()
    fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
