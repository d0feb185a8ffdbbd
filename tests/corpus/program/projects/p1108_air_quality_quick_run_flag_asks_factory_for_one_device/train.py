# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: train.py
"""python train.py: train the PM2.5 forecaster; short debugging runs (few steps) are meant to stay light."""
import torch
import torch.nn.functional as F

import settings
from model import HourMixer, PMForecaster
from runtime import make_fabric


def readings(batch: int, step: int):
    gen = torch.Generator().manual_seed(step)
    x = torch.rand(batch, settings.STATIONS, settings.HOURS, settings.FEATURES, generator=gen)
    y = 0.8 * x[:, :, -1, 0] + 0.2 * x[:, :, -6:, 1].mean(-1) - 0.1 * x[:, :, -1, 3]
    return x, y


def train(fabric, log_every):
    model = fabric.setup_module(PMForecaster(settings.STATIONS, settings.FEATURES, settings.HOURS, settings.HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.LR))
    for step in range(settings.MAX_STEPS):
        x, y = readings(16, step)
        loss = F.l1_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % log_every == 0:
            fabric.print(f"step {step}: mae {loss.item():.4f}")


if __name__ == "__main__":
    quick = settings.MAX_STEPS <= 10
    devices = 1 if quick else "auto"
    fabric = make_fabric(devices=devices, auto_wrap_policy={HourMixer})
    fabric.launch(train, 1 if quick else 50)
