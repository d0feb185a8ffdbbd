# expect: LXF010
# real: RAISED ValueError: Device should be CPU, got xla:0 instead.
# findings: LXF010 error 48
"""Debug mode on a laptop: the run config switches the accelerator but keeps the XLA FSDP strategy."""
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
class RunConfig:
    debug: bool = True
    steps: int = 2
    devices: int = 4

    @property
    def accelerator(self):
        return "cpu" if self.debug else "tpu"


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(cfg.steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
