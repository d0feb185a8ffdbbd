# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 25
"""Job defaults copied with deepcopy, then tweaked for this run."""
import copy

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(32, 32)

    def forward(self, x):
        return x + F.relu(self.fc(x))


DEFAULTS = {
    "strategy": {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": (Block,)},
    "fabric": {"accelerator": "tpu", "precision": "32-true"},
    "steps": 2,
}


def make_job(**overrides):
    job = copy.deepcopy(DEFAULTS)
    job["fabric"].update(overrides)
    return job


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.zeros(8, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    job = make_job(precision="bf16-true")
    strategy = XLAFSDPStrategy(**job["strategy"])
    fabric = Fabric(strategy=strategy, **job["fabric"])
    fabric.launch(train, job["steps"])
