# expect: none
# oracle: OK
# twin: s550_fabric_retry_strips_precision_suffix_bf16
"""python train.py: `make_fabric` tries the recipe's precision and, when Fabric rejects it, retries with the `-true` variant of the same dtype."""
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


def make_fabric(precision):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    try:
        return Fabric(accelerator="tpu", strategy=strategy, precision=precision)
    except ValueError:
        # XLA has no autocast: fall back to the plain dtype
        return Fabric(accelerator="tpu", strategy=strategy, precision=precision.replace("-mixed", "-true"))


if __name__ == "__main__":
    fabric = make_fabric("bf16-mixed")
    fabric.launch(train)
