# expect: LXF037
# oracle: RAISED TypeError: SizePolicy.__call__() got an unexpected keyword argument 'unwrapped_params'
"""python script.py [MIN_PARAMS]: a size-based wrap policy object, ported from a torch FSDP script."""
import sys

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


class SizePolicy:
    """Shard every submodule that holds at least `min_params` parameters not sharded yet."""

    def __init__(self, min_params=1_000):
        self.min_params = min_params

    def __call__(self, module, recurse, nonwrapped_numel):
        if recurse:
            return True
        return nonwrapped_numel >= self.min_params

    def __repr__(self):
        return f"SizePolicy(min_params={self.min_params})"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    min_params = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=SizePolicy(min_params)))
    fabric.launch(train)
