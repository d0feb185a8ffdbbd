# expect: none
# real: OK
# findings: none
"""A helper does clipping by norm with the threshold from a dataclass, then reduces the loss."""
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
    max_norm: float = 1.0
    reduce: str = "avg"


def optimizer_step(fabric, model, optimizer, cfg):
    fabric.clip_gradients(model, optimizer, max_norm=cfg.max_norm)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer_step(fabric, model, optimizer, cfg)
    fabric.print(fabric.all_reduce(loss.detach(), reduce_op=cfg.reduce).item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, OptimConfig())
