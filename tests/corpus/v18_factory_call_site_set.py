# expect: none
# real: OK
# findings: none
"""Same helper as the other entry points, called here with an explicit set of layers."""
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
        self.blocks = nn.Sequential(*[Block() for _ in range(depth)])
        self.out = nn.Linear(32, 2)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def make_strategy(layers=None, remat=None):
    return XLAFSDPStrategy(auto_wrap_policy=layers, activation_checkpointing_policy=remat)


def train(fabric, steps):
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(4, 10, device=fabric.device)
        loss = F.cross_entropy(model(x), (x[:, 0] > 0).long())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = make_strategy(layers={Block}, remat={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, 2)
