# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.ResidualMLP'>]. You can try defining and passin
# findings: LXF001 error 56
"""Defaults live in code; a JSON string from the environment may override some of them."""
import json
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ResidualMLP(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


DEFAULTS = {
    "steps": 2,
    "batch_size": 4,
    "lr": 1e-3,
    "wrap_layers": {ResidualMLP},
    "remat_layers": [ResidualMLP],
}


def load_config():
    overrides = json.loads(os.environ.get("TRAIN_OVERRIDES", "{}"))
    return DEFAULTS | overrides


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(8, 32), ResidualMLP(), ResidualMLP(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 8, device=fabric.device)
        y = torch.randint(0, 2, (cfg["batch_size"],), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = load_config()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=cfg["wrap_layers"],
        activation_checkpointing_policy=cfg["remat_layers"],
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
