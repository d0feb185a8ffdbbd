# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 38
"""Helper used by several entry points of the repo; most callers keep its defaults."""
import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.proj(x))


class Model(nn.Module):
    def __init__(self, depth=2):
        super().__init__()
        self.inp = nn.Linear(10, 32)
        self.blocks = nn.ModuleList([Block() for _ in range(depth)])
        self.out = nn.Linear(32, 2)

    def forward(self, x):
        x = self.inp(x)
        for b in self.blocks:
            x = b(x)
        return self.out(x)


def make_strategy(wrap=frozenset(), remat=(Block,), sharded=True):
    return XLAFSDPStrategy(
        auto_wrap_policy=set(wrap) or {Block},
        activation_checkpointing_policy=remat,
        state_dict_type="sharded" if sharded else "full",
    )


def make_fabric(strategy=None, precision="32-true"):
    return Fabric(accelerator="tpu", strategy=strategy or make_strategy(), precision=precision)


def train(fabric):
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 10, device=fabric.device)
        loss = F.cross_entropy(model(x), (x[:, 0] > 0).long())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = make_fabric(make_strategy(sharded=True))
    fabric.launch(train)
