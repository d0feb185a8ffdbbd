# expect: LXF020
# real: RAISED ValueError: Unknown state_dict_type: sharded_state_dict
# findings: LXF020 error 61
"""Type-only imports under TYPE_CHECKING; the checkpoint format comes from a settings class attribute."""
from __future__ import annotations

from typing import TYPE_CHECKING

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


if TYPE_CHECKING:
    from lightning.fabric.wrappers import _FabricModule, _FabricOptimizer


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


class Settings:
    checkpoint_format = "sharded_state_dict"


def save_and_restore(fabric, model: _FabricModule, optimizer: _FabricOptimizer) -> None:
    state = {"model": model, "optimizer": optimizer}
    fabric.save("ckpt", state)
    fabric.load("ckpt", state)


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)
    save_and_restore(fabric, model, optimizer)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=Settings.checkpoint_format)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
