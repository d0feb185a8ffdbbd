# expect: none
# real: OK
# findings: none
"""The launched function takes keyword options bound with functools.partial; XLA strategy by registry name."""
from functools import partial

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric


def build(dim):
    return nn.Sequential(nn.Linear(4, dim), nn.ReLU(), nn.Linear(dim, 4))


def train(fabric, *, dim=16, steps=2, lr=1e-3):
    model = build(dim)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"{loss.item():.3f}")


def launch(strategy_name="xla", **options):
    fabric = Fabric(accelerator="tpu", strategy=strategy_name, precision="bf16-true")
    fabric.launch(partial(train, **options))


# Under the XLA (DDP-style) strategy the joint `fabric.setup(model, optimizer)` is the expected
# form, and clipping by value is allowed.
if __name__ == "__main__":
    launch(dim=32, steps=2)
