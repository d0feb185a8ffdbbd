# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, [1mdo those steps only if you t
# flagged-in: settings.py
"""python train.py: fit the turbine-vibration autoencoder on a TPU host, checkpointing every few steps."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings as run_settings
from turbine.checkpoints import maybe_save
from turbine.data import spectra
from turbine.model import Bottleneck, SpectrumAE


def fit(fabric, settings):
    model = fabric.setup_module(SpectrumAE(settings.bottleneck))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    for step in range(1, settings.steps + 1):
        x = spectra(settings.batch_size, seed=step).to(fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        maybe_save(fabric, settings, step, {"model": model, "optimizer": optimizer, "step": step})
        fabric.print(f"step {step}: reconstruction {loss.item():.5f}")


if __name__ == "__main__":
    settings = run_settings.load(steps=4)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Bottleneck}))
    fabric.launch(fit, settings)
