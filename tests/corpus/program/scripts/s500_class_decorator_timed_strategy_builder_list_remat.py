# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""python train.py: the strategy builder is decorated with a `timed` class (`functools.update_wrapper` + `__call__`); the caller hands it the layers to recompute as a list."""
import functools
import logging
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

log = logging.getLogger(__name__)


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

class timed:
    """Log how long the wrapped builder took (building the strategy can import torch_xla)."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, *args, **kwargs):
        start = time.perf_counter()
        result = self.fn(*args, **kwargs)
        log.info("%s took %.3fs", self.__name__, time.perf_counter() - start)
        return result


@timed
def build_strategy(remat_layers, state_dict_type="sharded"):
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=remat_layers,
        state_dict_type=state_dict_type,
    )


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    fabric = Fabric(accelerator="tpu", strategy=build_strategy([Block]))
    fabric.launch(train)
