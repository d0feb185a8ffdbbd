# expect: LXF020
# real: RAISED ValueError: Unknown state_dict_type: consolidated
# findings: LXF020 error 56
"""Nested dataclass config: the checkpoint section names the format the way torch does."""
from dataclasses import dataclass, field

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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


@dataclass
class CheckpointConfig:
    every: int = 1
    format: str = "consolidated"


@dataclass
class Config:
    steps: int = 1
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)
    state = {"model": model, "optimizer": optimizer}
    fabric.save("ckpt", state)
    fabric.load("ckpt", state)


if __name__ == "__main__":
    cfg = Config()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=cfg.checkpoint.format)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
