"""The training loop. The weights may be sharded, so the optimizer is built from the set-up module."""
import torch
import torch.nn.functional as F

from tides.data import gauge_windows
from tides.model import TideForecaster


def fit(fabric, cfg):
    model = fabric.setup_module(TideForecaster(cfg.constituents, cfg.history_hours, cfg.horizon_hours))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        past, future_hours, target = gauge_windows(cfg, seed=step)
        pred = model(past.to(fabric.device), future_hours.to(fabric.device))
        loss = F.mse_loss(pred, target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f} m^2")
