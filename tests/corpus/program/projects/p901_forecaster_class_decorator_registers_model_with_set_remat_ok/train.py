# expect: none
# oracle: OK
# twin: p900_forecaster_class_decorator_registers_model_with_list_remat
"""python train.py [model-name]: trains a registered load forecaster on synthetic hourly demand with XLA FSDP."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from models import MODELS
from strategy import strategy_for


def synthetic_demand(batch, window, horizon, device):
    t = torch.arange(window + horizon, device=device).float()
    phase = torch.rand(batch, 1, device=device) * 6.28
    series = torch.sin(t / 24 * 6.28 + phase) + 0.1 * torch.randn(batch, window + horizon, device=device)
    return series[:, None, :window], series[:, window:]


def train(fabric, model_cls, steps=3):
    model = fabric.setup_module(model_cls())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        history, future = synthetic_demand(16, model_cls.window, model_cls.horizon, fabric.device)
        loss = F.mse_loss(model(history), future)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} mse {loss.item():.4f}")


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "tcn-small"
    model_cls = MODELS[name]
    fabric = Fabric(accelerator="tpu", strategy=strategy_for(model_cls))
    fabric.launch(train, model_cls)
