# expect: none
# oracle: OK
# twin: s1270_vibration_vae_noise_partial_binds_device_in_parent
"""Variational autoencoder for bearing-vibration windows on TPU; the reparameterisation noise comes from a `functools.partial` of `torch.randn` handed to the worker."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WINDOW = 128
LATENT = 8


class VibrationVAE(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(WINDOW, hidden), nn.SiLU(), nn.Linear(hidden, 2 * LATENT))
        self.decoder = nn.Sequential(nn.Linear(LATENT, hidden), nn.SiLU(), nn.Linear(hidden, WINDOW))

    def forward(self, x, noise):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + noise * torch.exp(0.5 * logvar)
        return self.decoder(z), mu, logvar


def vibration_windows(n, device):
    t = torch.linspace(0, 1, WINDOW, device=device)
    freq = 20 + 10 * torch.rand(n, 1, device=device)
    return torch.sin(2 * torch.pi * freq * t) + 0.1 * torch.randn(n, WINDOW, device=device)


def elbo_loss(recon, x, mu, logvar, beta=0.5):
    kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
    return F.mse_loss(recon, x) + beta * kl


def train(fabric, steps=3, sample_noise=None):
    sample_noise = sample_noise or noise_sampler(fabric)
    model = fabric.setup_module(VibrationVAE())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = vibration_windows(32, fabric.device)
        recon, mu, logvar = model(x, sample_noise(32, LATENT))
        loss = elbo_loss(recon, x, mu, logvar)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: -ELBO {loss.item():.4f}")


def noise_sampler(fabric):
    return functools.partial(torch.randn, device=fabric.device, dtype=torch.float32)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(functools.partial(train, steps=3))
