# expect: none
# oracle: OK
# twin: p1266_crop_yield_ckpt_module_wraps_xla_checkpoint_io_in_async_writer
"""python train.py: fit the crop-yield regressor on a TPU host, writing a sharded checkpoint every SAVE_EVERY steps."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from ckpt import checkpoint_plugins, step_dir
from yieldnet.data import county_seasons
from yieldnet.model import WeekBlock, YieldRegressor


def train(fabric):
    model = fabric.setup_module(YieldRegressor(1 + config.WEATHER_VARS))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config.LR))
    for step in range(1, config.STEPS + 1):
        season, target = county_seasons(config.BATCH_SIZE, config.SEASON_WEEKS, config.WEATHER_VARS, seed=step)
        loss = F.mse_loss(model(season.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")
        if step % config.SAVE_EVERY == 0:
            fabric.save(step_dir(config.CHECKPOINT_ROOT, step), {"model": model, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={WeekBlock}, state_dict_type="sharded"),
        plugins=checkpoint_plugins(config.ASYNC_CHECKPOINTS),
    )
    fabric.launch(train)
