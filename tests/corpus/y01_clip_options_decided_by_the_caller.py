# expect: LXF015
# findings: LXF015 error 22
"""A helper fills `max_norm` only for kind "norm" and its one caller passes "value": clip_gradients gets neither threshold."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def clip_options(kind, value):
    options = {}
    if kind == "norm":
        options["max_norm"] = value
    return options


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    loss = model(torch.randn(2, 4, device=fabric.device)).sum()
    fabric.backward(loss)
    clip = clip_options("value", 1.0)
    fabric.clip_gradients(model, optimizer, **clip)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
