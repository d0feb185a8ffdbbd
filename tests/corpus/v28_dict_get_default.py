# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 warning 42
"""Reads the run settings from a JSON string passed by the scheduler (empty in local runs)."""
import json
import os

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
        return x + F.gelu(self.fc(x))


class Model(nn.Module):
    def __init__(self, depth):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 32), *[Block() for _ in range(depth)])
        self.head = nn.Linear(32, 3)

    def forward(self, x):
        return self.head(self.body(x))


def load_settings():
    return json.loads(os.environ.get("JOB_SETTINGS", "{}"))


def strategy_from(settings):
    layer_names = settings.get("remat_layers")
    remat = {Block} if layer_names else settings.get("remat", [Block])
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


def train(fabric, settings):
    model = fabric.setup_module(Model(settings.get("depth", 2)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.get("lr", 1e-3)))
    for _ in range(settings.get("steps", 2)):
        x = torch.randn(6, 5, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 3, (6,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = load_settings()
    fabric = Fabric(accelerator="tpu", strategy=strategy_from(settings))
    fabric.launch(train, settings)
