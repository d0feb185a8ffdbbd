# expect: LXF015
# findings: LXF015 error 46
"""MODE = "NORM": the helper lower-cases it and fills max_norm, the module-level `MODE == "norm"` does not."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    """A residual MLP block; the model stacks a few of them."""

    def __init__(self, dim=4):
        super().__init__()
        self.norm = torch.nn.LayerNorm(dim)
        self.fc = torch.nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def batches(fabric, steps=2, size=2):
    for _ in range(steps):
        yield torch.randn(size, 4, device=fabric.device)

MODE = "NORM"


def clip_options(value):
    options = {}
    if MODE.lower() == "norm" or MODE in ("l2", "max_norm"):
        options["max_norm"] = value
    return options


if MODE == "norm":
    EXTRA = {"max_norm": 1.0}
else:
    EXTRA = {}


def train(fabric):
    model = fabric.setup_module(torch.nn.Sequential(Block(), Block()))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    fabric.clip_gradients(model, optimizer, **clip_options(1.0))
    fabric.clip_gradients(model, optimizer, **EXTRA)
    optimizer.step()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
