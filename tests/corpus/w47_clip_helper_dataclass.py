# expect: LXF014
# real: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# findings: LXF014 error 31
"""Optimisation settings in a dataclass; a small helper does clipping and the optimizer step."""
from dataclasses import dataclass

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


@dataclass
class OptimConfig:
    lr: float = 1e-3
    clip: float = 1.0


def optimizer_step(fabric, model, optimizer, cfg: OptimConfig):
    fabric.clip_gradients(model, optimizer, clip_val=cfg.clip)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer_step(fabric, model, optimizer, cfg)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, OptimConfig())
