# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: `Settings(dict)` answers the keys a run does not set from `DEFAULTS` through `__missing__`; the run sets only `steps`, so `precision` is `"bf16-mixed"`."""
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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


DEFAULTS = {"accelerator": "tpu", "precision": "bf16-mixed", "steps": 2}


class Settings(dict):
    """Keys a run does not set fall back to DEFAULTS."""

    def __missing__(self, key):
        return DEFAULTS[key]


def train(fabric, settings):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(settings["steps"]):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = Settings(steps=3)
    fabric = Fabric(
        accelerator=settings["accelerator"],
        precision=settings["precision"],
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train, settings)
