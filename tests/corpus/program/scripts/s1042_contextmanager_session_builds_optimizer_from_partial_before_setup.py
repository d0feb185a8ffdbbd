# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Tabular churn model; a `contextlib.contextmanager` session sets up the model and the optimizer picked from a table of `functools.partial` factories."""
import contextlib
import functools
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

OPTIMIZERS = {
    "adamw": functools.partial(torch.optim.AdamW, lr=1e-3, weight_decay=0.01),
    "sgd": functools.partial(torch.optim.SGD, lr=5e-2, momentum=0.9),
    "rmsprop": functools.partial(torch.optim.RMSprop, lr=1e-3),
}


class ChurnMLP(nn.Module):
    def __init__(self, features=24, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(features, hidden), nn.SiLU(), nn.Dropout(0.1),
            nn.Linear(hidden, hidden), nn.SiLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


@contextlib.contextmanager
def training_session(fabric, model, optimizer_name):
    """Sets up model and optimizer, yields them, and reports the wall time when the block ends."""
    optimizer = OPTIMIZERS[optimizer_name](model.parameters())
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    start = time.perf_counter()
    try:
        yield model, optimizer
    finally:
        fabric.print(f"session took {time.perf_counter() - start:.2f}s")


def main(fabric, optimizer_name="adamw", steps=4):
    with training_session(fabric, ChurnMLP(), optimizer_name) as (model, optimizer):
        for step in range(steps):
            x = torch.randn(32, 24, device=fabric.device)
            churned = (torch.rand(32, device=fabric.device) > 0.8).float()
            loss = F.binary_cross_entropy_with_logits(model(x), churned)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: bce={loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
