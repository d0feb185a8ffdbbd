# expect: LXF027
# real: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# findings: LXF027 error 31
"""Metrics are synchronised with the reduction named in the logging config."""
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
class LogConfig:
    every: int = 1
    reduce: str = "max"


def log_metric(fabric, name, value, cfg: LogConfig):
    synced = fabric.all_reduce(value, reduce_op=cfg.reduce)
    fabric.print(f"{name}={synced.item():.4f}")


def train(fabric, log_cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % log_cfg.every == 0:
            log_metric(fabric, "loss", loss.detach(), log_cfg)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, LogConfig())
