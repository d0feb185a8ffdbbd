# expect: none
# oracle: OK
# twin: s584_closure_factory_lambda_remat_list_unless_no_remat
"""python train.py: `strategy_factory` returns a lambda that closes over the wrap policy; `--no-remat` is `store_false`, so by default it is called with `activation_checkpointing_policy={Block}`."""
import argparse

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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


def strategy_factory(wrap_policy):
    return lambda **extra: XLAFSDPStrategy(auto_wrap_policy=wrap_policy, **extra)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-remat", dest="remat", action="store_false")
    args = parser.parse_args()
    make_strategy = strategy_factory({Block})
    strategy = make_strategy(activation_checkpointing_policy={Block}) if args.remat else make_strategy()
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
