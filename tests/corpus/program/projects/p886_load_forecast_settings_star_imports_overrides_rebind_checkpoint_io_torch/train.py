# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
# flagged-in: overrides.py
"""Hourly electricity-load forecasting on TPU with this site's settings (settings.py: defaults, then overrides)."""
import math
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from forecaster import LoadForecaster, ResidualBlock


def synthetic_load(batch, device):
    start = torch.rand(batch, 1, device=device) * 24
    hours = start + torch.arange(settings.CONTEXT + settings.HORIZON, device=device)
    load = 1.0 + 0.5 * torch.sin(hours * 2 * math.pi / 24) + 0.05 * torch.randn_like(hours)
    return load[:, : settings.CONTEXT], load[:, settings.CONTEXT:]


def train(fabric, out_dir):
    model = fabric.setup_module(LoadForecaster(settings.CONTEXT, settings.HORIZON, settings.HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.LR))
    for step in range(settings.STEPS):
        history, target = synthetic_load(16, fabric.device)
        loss = F.mse_loss(model(history), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")
    fabric.save(os.path.join(out_dir, "final"), {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    fabric = Fabric(accelerator=settings.ACCELERATOR, precision=settings.PRECISION,
                    plugins=[settings.CHECKPOINT_IO], strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualBlock}))
    fabric.launch(train, tempfile.mkdtemp(prefix="load-forecast-"))
