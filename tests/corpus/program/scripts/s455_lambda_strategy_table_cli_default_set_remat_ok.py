# expect: none
# oracle: OK
# twin: s454_lambda_strategy_table_cli_default_tuple_remat
"""python train.py: strategies built by lambdas in a table, the key from `--sharding`, whose default picks remat."""
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


STRATEGIES = {
    "plain": lambda: XLAFSDPStrategy(auto_wrap_policy={Block}),
    "remat": lambda: XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}),
}


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sharding", choices=sorted(STRATEGIES), default="remat")
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args(argv)


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=STRATEGIES[args.sharding]())
    fabric.launch(train, args.steps)
