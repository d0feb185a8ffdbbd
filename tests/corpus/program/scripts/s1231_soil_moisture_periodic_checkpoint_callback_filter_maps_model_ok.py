# expect: none
# oracle: OK
# twin: s1230_soil_moisture_periodic_checkpoint_callback_filter_is_bare_function
"""Soil-moisture regression from synthetic sensor readings; a `PeriodicCheckpoint` callback saves every other step and leaves the integer BatchNorm counters out of the model entry."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SENSORS = 16


def floating_only(name, value):
    return not torch.is_tensor(value) or value.is_floating_point()


class MoistureRegressor(nn.Module):
    def __init__(self, dim=SENSORS):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(dim, 64), nn.BatchNorm1d(64), nn.GELU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.layers(x).squeeze(-1)


class PeriodicCheckpoint:
    def __init__(self, root, every=2, keep=floating_only):
        self.root = root
        self.every = every
        self.keep = keep

    def on_train_batch_end(self, fabric, step, state):
        if (step + 1) % self.every == 0:
            path = os.path.join(self.root, f"step-{step + 1:04d}")
            fabric.save(path, state, filter={"model": self.keep})
            fabric.print(f"saved {path}")


def train(fabric, steps=4):
    model = fabric.setup_module(MoistureRegressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    for step in range(steps):
        readings = torch.randn(16, SENSORS, device=fabric.device)
        loss = F.mse_loss(model(readings), readings[:, :4].mean(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step + 1
        fabric.call("on_train_batch_end", fabric=fabric, step=step, state=state)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(),
        callbacks=[PeriodicCheckpoint(tempfile.mkdtemp(prefix="moisture-"))],
    )
    fabric.launch(train)
