# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""A strategy factory object (hydra-style `_partial_` target) built from the CLI with a `from_args` constructor."""
from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=3):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def remat_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


class StrategyFactory:
    def __init__(self, layers: set, remat: bool = False, custom_wrapper: bool = False):
        self.layers = layers
        self.remat = remat
        self.custom_wrapper = custom_wrapper

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> StrategyFactory:
        return cls({Block}, remat=args.remat, custom_wrapper=args.custom_wrapper)

    def __call__(self) -> XLAFSDPStrategy:
        kwargs = {"auto_wrap_policy": self.layers}
        if self.remat:
            kwargs["activation_checkpointing_policy"] = self.layers
        if self.custom_wrapper:
            kwargs["auto_wrapper_callable"] = remat_wrapper
        return XLAFSDPStrategy(**kwargs)


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--custom-wrapper", action=argparse.BooleanOptionalAction, default=True)
    make_strategy = StrategyFactory.from_args(parser.parse_args())
    fabric = Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(train)
