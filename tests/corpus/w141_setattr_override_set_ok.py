# expect: none
# real: OK
# findings: none
"""A config class whose remat default is a list; the run's overrides replace it with a set via setattr."""
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


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


class Config:
    lr = 1e-3
    steps = 2
    remat = [Block]


def train(fabric, cfg):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    cfg = Config()
    setattr(cfg, "remat", {Block})
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=cfg.remat)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
