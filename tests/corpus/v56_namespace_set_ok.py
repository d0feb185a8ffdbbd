# expect: none
# real: OK
# findings: none
"""Hyper-parameters in a SimpleNamespace built from the defaults dict."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.relu(self.fc(x))


DEFAULTS = dict(lr=1e-3, steps=2, wrap={Block}, remat={Block}, state_dict_type="sharded")


def train(fabric, hp):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=hp.lr))
    for _ in range(hp.steps):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x * 2)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    hp = SimpleNamespace(**DEFAULTS)
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=hp.wrap,
        activation_checkpointing_policy=hp.remat,
        state_dict_type=hp.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, hp)
