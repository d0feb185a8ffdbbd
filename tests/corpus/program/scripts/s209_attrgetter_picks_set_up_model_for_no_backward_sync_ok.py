# expect: none
# oracle: OK
# twin: s208_attrgetter_picks_raw_net_for_no_backward_sync
"""python train.py: gradient accumulation; the module to keep unsynced is named in the settings and fetched by name."""
import operator

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


SETTINGS = {"accumulate": 2, "sync_module": "model"}


class Learner:
    def __init__(self, fabric):
        self.fabric = fabric
        self.net = Net()
        self.model = fabric.setup_module(self.net)
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=1e-3))


def train(fabric, steps=4):
    learner = Learner(fabric)
    unsynced = operator.attrgetter(SETTINGS["sync_module"])
    for step in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        accumulating = (step + 1) % SETTINGS["accumulate"] != 0
        with fabric.no_backward_sync(unsynced(learner), enabled=accumulating):
            loss = F.cross_entropy(learner.model(x), y)
            fabric.backward(loss)
        if not accumulating:
            learner.optimizer.step()
            learner.optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
