# expect: LXF042
# oracle: RAISED ValueError: Received both `precision=bf16-true` and `plugins=<lightning.fabric.plugins.precision.xla.XLAPrecision object at 0x7f37a6
# flagged-in: configs/presets.py
"""python train.py: fit the air-quality forecaster with the tpu-v3-8 preset."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import load
from data import readings
from model import AirQualityNet
from utils.fabric_factory import fabric_kwargs


def fit(fabric, train_cfg):
    model = fabric.setup_module(AirQualityNet(train_cfg.horizon))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=train_cfg.lr))
    for step in range(train_cfg.steps):
        past, future = readings(train_cfg.batch_size, train_cfg.horizon, seed=step)
        loss = F.mse_loss(model(past.to(fabric.device)), future.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    cfg = load("tpu-v3-8")
    fabric = Fabric(**fabric_kwargs(cfg))
    fabric.launch(fit, cfg.train)
