# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
"""python train.py: a `functools.wraps` decorator turns the remat layers into a set before the strategy builder sees them; it converts lists only, and the CLI passes a tuple."""
import argparse
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def set_policies(build):
    @functools.wraps(build)
    def wrapper(*args, **kwargs):
        for key in ("auto_wrap_policy", "activation_checkpointing_policy"):
            if isinstance(kwargs.get(key), list):
                kwargs[key] = set(kwargs[key])
        return build(*args, **kwargs)

    return wrapper


@set_policies
def build_strategy(**kwargs):
    return XLAFSDPStrategy(state_dict_type="sharded", **kwargs)


LAYERS = {"block": Block}

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", nargs="*", default=["block"])
    args = parser.parse_args()
    layers = tuple(LAYERS[name] for name in args.remat)
    strategy = build_strategy(auto_wrap_policy=layers, activation_checkpointing_policy=layers)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
