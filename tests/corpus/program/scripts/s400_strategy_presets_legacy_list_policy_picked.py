# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""Sharding presets kept side by side; the run picks the legacy one, whose policy was written as a list."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.ff(x)


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


SHARDING = {
    "legacy": XLAFSDPStrategy(auto_wrap_policy=[Block], state_dict_type="full"),
    "blocks": XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"),
}
PRESET = "legacy"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=SHARDING[PRESET])
    fabric.launch(train)
