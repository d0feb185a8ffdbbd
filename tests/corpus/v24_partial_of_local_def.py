# expect: LXF006
# real: RAISED AttributeError: Can't pickle local object 'main.<locals>.wrap_rule'
# findings: LXF006 error 47
"""Custom auto-wrap rule: wrap our blocks and any Linear wider than a threshold. The rule is built
inside `main` so it can see the parsed arguments."""
import argparse
from functools import partial

import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.silu(self.fc(x))


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(nn.Linear(6, 32), Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 6, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.zeros(8, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wide", type=int, default=64)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()

    def wrap_rule(module, recurse, unwrapped_params, wide):
        if recurse:
            return True
        return isinstance(module, Block) or (isinstance(module, nn.Linear) and module.out_features >= wide)

    strategy = XLAFSDPStrategy(auto_wrap_policy=partial(wrap_rule, wide=args.wide))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, args.steps)


if __name__ == "__main__":
    main()
