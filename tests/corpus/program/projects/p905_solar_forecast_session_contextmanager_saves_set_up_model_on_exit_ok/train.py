# expect: none
# oracle: OK
# twin: p904_solar_forecast_session_contextmanager_saves_raw_model_on_exit
"""python train.py: solar-output regressor on lag features; a `sharded_session` context manager sets everything up and writes the final checkpoint when the block ends."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import SolarRegressor
from utils import sharded_session


def batches(fabric, n, size=32):
    for _ in range(n):
        lags = torch.rand(size, config.LAGS, device=fabric.device)
        irradiance = torch.rand(size, 1, device=fabric.device)
        target = 0.7 * irradiance.squeeze(-1) + 0.3 * lags[:, -1]
        yield torch.cat([lags, irradiance], dim=1), target


def train(fabric, out_dir):
    model = SolarRegressor(config.LAGS + 1, config.HIDDEN)
    with sharded_session(fabric, model, config.make_optimizer, out_dir) as (module, optimizer, progress):
        for features, target in batches(fabric, config.STEPS):
            loss = F.smooth_l1_loss(module(features), target)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            progress["step"] += 1
            fabric.print(f"step {progress['step']}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train, tempfile.mkdtemp(prefix="solar-"))
