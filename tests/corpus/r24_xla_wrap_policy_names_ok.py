# expect: none
# real: OK
# findings: none
"""The same port with the policy's parameters named as torch_xla passes them (`unwrapped_params`): the
submodules are wrapped and the steps run.
"""
from functools import partial

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Model(nn.Module):
    def __init__(self, width=16, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


def size_policy(module, recurse, unwrapped_params, min_params):
    # torch_xla's keywords: wrap every submodule with at least `min_params` parameters
    if recurse:
        return True
    return unwrapped_params >= min_params


def train(fabric):
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 16, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=partial(size_policy, min_params=100))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
