# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""python train.py: the strategy's kwargs are a `copy.copy` of the base ones; turning recomputation on pops the custom wrapper under a misspelt key, so it stays next to the policy."""
import argparse
import copy

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


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

def wrap_with_checkpoint(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


BASE_STRATEGY_KWARGS = {
    "auto_wrap_policy": {Block},
    "auto_wrapper_callable": wrap_with_checkpoint,
    "state_dict_type": "sharded",
}


def strategy_kwargs(remat):
    kwargs = copy.copy(BASE_STRATEGY_KWARGS)
    if remat:
        # Lightning builds the checkpointing wrapper from the policy itself
        kwargs.pop("auto_wrap_callable", None)
        kwargs["activation_checkpointing_policy"] = {Block}
    return kwargs


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-remat", dest="remat", action="store_false")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(args.remat)))
    fabric.launch(train)
