# record: 77102d28fc1f3aa5
# role: before
"""Example fix, before: the layer classes given to auto_wrap_policy as a list."""
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)

    def forward(self, x):
        return self.linear(x)


def train(fabric):
    model = nn.Sequential(Block(), Block())
    model = fabric.setup_module(model)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=[Block])
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
