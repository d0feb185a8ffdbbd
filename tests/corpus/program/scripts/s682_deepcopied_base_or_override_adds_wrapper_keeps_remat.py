# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""python train.py: a deep copy of the base FSDP kwargs merged with `|` into a variant's overrides; the custom-wrapper variant adds its own wrapper and keeps the base's remat policy."""
import argparse
import copy

import torch
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


def checkpointed_fsdp(module, *args, **kwargs):
    """Wraps each block like Lightning would, with activation checkpointing of our own."""
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


BASE_FSDP = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": {Block}}
OVERRIDES = {
    "default": {},
    "custom_wrapper": {"auto_wrapper_callable": checkpointed_fsdp},
}


def train(fabric, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--variant", default="custom_wrapper", choices=list(OVERRIDES))
    args = parser.parse_args()
    fsdp_kwargs = copy.deepcopy(BASE_FSDP) | OVERRIDES[args.variant]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**fsdp_kwargs))
    fabric.launch(train, args)
