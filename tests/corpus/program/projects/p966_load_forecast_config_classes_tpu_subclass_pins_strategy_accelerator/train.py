# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# flagged-in: configs/tpu.py
"""python train.py: fit the load forecaster; FORECAST_TARGET picks the config class (default: tpu)."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import configs
from model import LoadForecaster, load_windows


def train(fabric, cfg):
    model = fabric.setup_module(LoadForecaster(cfg.window, cfg.horizon, cfg.hidden))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        past, future = load_windows(16, cfg.window, cfg.horizon, seed=step)
        loss = F.mse_loss(model(past.to(fabric.device)), future.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{type(cfg).__name__} step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    cfg = configs.get(os.environ.get("FORECAST_TARGET", "tpu"))
    fabric = Fabric(**cfg.fabric_kwargs())
    fabric.launch(train, cfg)
