# oracle: OK (the --by-size branch raises the size_based_auto_wrap_policy TypeError, as e1's does)
import functools
import sys

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.distributed.fsdp.wrap import size_based_auto_wrap_policy
from torch_xla.distributed.fsdp.wrap import lambda_auto_wrap_policy


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 32))
        self.head = nn.Linear(32, 4)

    def forward(self, x):
        return self.head(self.body(x))


def is_linear(module):
    return isinstance(module, nn.Linear)


def train(fabric):
    model = fabric.setup_module(Net())
    model(torch.randn(2, 32, device=fabric.device)).sum().backward()


if __name__ == "__main__":
    by_size = len(sys.argv) > 1 and sys.argv[1] == "--by-size"
    if by_size:
        policy = functools.partial(size_based_auto_wrap_policy, min_num_params=1000)
    else:
        policy = functools.partial(lambda_auto_wrap_policy, lambda_fn=is_linear)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    fabric.launch(train)
