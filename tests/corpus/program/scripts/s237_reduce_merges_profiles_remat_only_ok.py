# expect: none
# oracle: OK
# twin: s236_reduce_merges_profiles_wrapper_and_remat
"""python train.py: the strategy's arguments are the named profiles merged left to right with `functools.reduce`."""
import functools

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


def checkpointed_fsdp(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


PROFILES = {
    "base": {"auto_wrap_policy": {Block}},
    "remat": {"activation_checkpointing_policy": {Block}},
    "custom_wrapper": {"auto_wrapper_callable": checkpointed_fsdp},
}
ENABLED = ["base", "remat"]


def strategy_kwargs(names):
    return functools.reduce(lambda merged, name: {**merged, **PROFILES[name]}, names, {})


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(ENABLED)))
    fabric.launch(train)
