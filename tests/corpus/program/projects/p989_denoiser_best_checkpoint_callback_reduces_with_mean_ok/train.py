# expect: none
# oracle: OK
# twin: p988_denoiser_best_checkpoint_callback_reduces_with_monitor_mode
"""python train.py: train the patch denoiser for a couple of epochs, keeping the best checkpoint by validation loss."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from callbacks import BestCheckpoint
from model import Coder, Denoiser


def patches(n: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    ramp = torch.linspace(0, 1, config.IMAGE)
    clean = (ramp[None, :, None] * torch.rand(n, 1, 1, generator=gen) + ramp[None, None, :] * 0.5).clamp(0, 1)
    return clean + config.NOISE * torch.randn(clean.shape, generator=gen), clean


def main(fabric, out_dir):
    model = fabric.setup_module(Denoiser(config.IMAGE, config.LATENT))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config.LR))
    best = BestCheckpoint(out_dir, **config.CHECKPOINT)
    for epoch in range(config.EPOCHS):
        for step in range(config.STEPS_PER_EPOCH):
            noisy, clean = patches(32, seed=epoch * 10 + step)
            loss = F.mse_loss(model(noisy.to(fabric.device)), clean.to(fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        with torch.no_grad():
            noisy, clean = patches(64, seed=1234)
            val_loss = F.mse_loss(model(noisy.to(fabric.device)), clean.to(fabric.device)).item()
        saved = best.on_validation_end(fabric, {"model": model, "optimizer": optimizer, "epoch": epoch}, {"val_loss": val_loss})
        fabric.print(f"epoch {epoch}: val_loss {val_loss:.4f}{' (best, saved)' if saved else ''}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Coder}))
    fabric.launch(main, tempfile.mkdtemp(prefix="denoiser-"))
