# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: utils/env.py
"""python train.py: smoke-run the wind-power regressor on the TPU host (profile edits come from utils/env.py)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import PowerCurve, TurbineBlock, scada_batch
from utils import setup_env


def train(fabric):
    model = fabric.setup_module(PowerCurve(config.FEATURES, config.HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config.LR))
    for step in range(config.STEPS):
        x, power = scada_batch(config.BATCH, config.FEATURES, seed=step)
        loss = F.mse_loss(model(x.to(fabric.device)), power.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.5f}")


if __name__ == "__main__":
    setup_env("smoke")
    fabric = Fabric(
        accelerator=config.ACCELERATOR,
        devices=config.DEVICES,
        strategy=XLAFSDPStrategy(auto_wrap_policy={TurbineBlock}),
    )
    fabric.launch(train)
