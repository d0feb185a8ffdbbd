# expect: LXF037
# real: RAISED TypeError: size_policy() got an unexpected keyword argument 'unwrapped_params'
# findings: LXF037 error 54
"""A CUDA FSDP training script ported to TPU: the strategy became XLAFSDPStrategy, but the custom size-based
wrap policy kept torch's parameter name (`nonwrapped_numel`). torch_xla calls the policy with
`unwrapped_params=` by keyword, so `fabric.setup_module` raises a TypeError inside the launched function.
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


def size_policy(module, recurse, nonwrapped_numel, min_params):
    # kept from the CUDA version: wrap every submodule with at least `min_params` parameters
    if recurse:
        return True
    return nonwrapped_numel >= min_params


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
