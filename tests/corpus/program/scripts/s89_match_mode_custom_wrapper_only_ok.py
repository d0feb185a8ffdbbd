# expect: none
# oracle: OK
# twin: s88_match_mode_custom_wrapper_and_remat
"""python script.py [--mode plain|remat|remat-custom]: a `match` on the mode builds the strategy."""
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
    """Recompute the block's activations in backward, then shard it."""
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def build_strategy(mode: str) -> XLAFSDPStrategy:
    match mode:
        case "plain":
            return XLAFSDPStrategy(auto_wrap_policy={Block})
        case "remat":
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
        case "remat-custom":
            return XLAFSDPStrategy(
                auto_wrap_policy={Block},
                auto_wrapper_callable=checkpointed_fsdp,
            )
        case _:
            raise ValueError(f"unknown mode {mode!r}")


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="remat-custom", choices=["plain", "remat", "remat-custom"])
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(args.mode))
    fabric.launch(train, args.steps)
