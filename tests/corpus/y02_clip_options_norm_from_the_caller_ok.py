# expect: none
# findings: none
"""The same helper called with "norm": max_norm is set, clipping runs."""
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


def clip_options(kind, value):
    options = {}
    if kind == "norm":
        options["max_norm"] = value
    return options


def train(fabric):
    model = fabric.setup_module(torch.nn.Sequential(Block(), Block()))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    loss = model(torch.randn(2, 4, device=fabric.device)).sum()
    fabric.backward(loss)
    clip = clip_options("norm", 1.0)
    fabric.clip_gradients(model, optimizer, **clip)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
