# expect: none
# oracle: OK
# twin: s94_traced_wrap_policy_decorator_without_wraps
"""python script.py: the wrap policy is decorated to print which layers it shards."""
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


def traced(policy):
    @functools.wraps(policy)
    def wrapper(*args, **kwargs):
        decision = policy(*args, **kwargs)
        if decision and not kwargs.get("recurse", True):
            print(f"sharding {type(kwargs['module']).__name__}")
        return decision

    return wrapper


@traced
def block_policy(module, recurse, unwrapped_params, **kwargs):
    return recurse or isinstance(module, Block)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=block_policy))
    fabric.launch(train)
