# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""python script.py [EXPERIMENT]: every strategy knob has a default; an experiment overrides a few."""
import copy
import sys

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


DEFAULTS = {
    "auto_wrap_policy": {Block},
    "auto_wrapper_callable": None,
    "activation_checkpointing_policy": None,
    "state_dict_type": "sharded",
}
EXPERIMENTS = {
    "baseline": {},
    "remat": {"activation_checkpointing_policy": {Block}},
}


def strategy_kwargs(experiment, **overrides):
    kwargs = copy.deepcopy(DEFAULTS)
    return {**kwargs, **EXPERIMENTS[experiment], **overrides}


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


def main(experiment):
    strategy = XLAFSDPStrategy(**strategy_kwargs(experiment))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "remat")
