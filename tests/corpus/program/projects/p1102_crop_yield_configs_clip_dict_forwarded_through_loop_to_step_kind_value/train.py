# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: configs/__init__.py
"""python train.py: fit the crop-yield regressor on synthetic season profiles on a TPU host with XLA FSDP."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs
from engine.loop import fit
from model import SeasonEncoder, YieldRegressor


def seasons(n_batches: int):
    for _ in range(n_batches):
        x = torch.rand(configs.BATCH, configs.DATES, configs.BANDS)
        ndvi_peak = x[:, 2:6, 7].mean(1) - x[:, 2:6, 3].mean(1)
        yield x, 4.0 + 3.0 * ndvi_peak + 0.1 * torch.randn(configs.BATCH)


def main(fabric):
    model = fabric.setup_module(YieldRegressor(configs.BANDS, configs.HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=configs.LR))
    fit(fabric, model, optimizer, seasons(configs.STEPS), **configs.CLIP)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={SeasonEncoder}))
    fabric.launch(main)
