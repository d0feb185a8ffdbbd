# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""A small VAE on 8x8 synthetic digit glyphs; run configs form a class chain Base -> TPU -> TPUDebug."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EncoderBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.elu(self.fc(x))


class DecoderBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.elu(self.fc(x))


class DigitVAE(nn.Module):
    def __init__(self, dim=48, latent=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(64, dim), EncoderBlock(dim))
        self.mu = nn.Linear(dim, latent)
        self.logvar = nn.Linear(dim, latent)
        self.dec = nn.Sequential(nn.Linear(latent, dim), DecoderBlock(dim), nn.Linear(dim, 64))

    def forward(self, x):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


class BaseConfig:
    accelerator = "auto"
    precision = "32-true"
    lr = 1e-3
    steps = 5
    batch_size = 32
    wrap_layers = None  # FSDP units; None shards the whole model as one unit

    def strategy_kwargs(self):
        kwargs = {}
        if self.wrap_layers:
            kwargs["auto_wrap_policy"] = self.wrap_layers
        return kwargs

    def describe(self):
        return f"{type(self).__name__}(lr={self.lr}, steps={self.steps}, wrap={self.wrap_layers})"


class TPUConfig(BaseConfig):
    accelerator = "tpu"
    precision = "bf16-true"
    wrap_layers = [EncoderBlock, DecoderBlock]


class TPUDebugConfig(TPUConfig):
    steps = 2
    batch_size = 8


CONFIGS = {"base": BaseConfig, "tpu": TPUConfig, "tpu-debug": TPUDebugConfig}


def glyphs(n, seed):
    gen = torch.Generator().manual_seed(seed)
    digits = torch.randint(0, 10, (n,), generator=gen)
    img = torch.zeros(n, 8, 8)
    for k, d in enumerate(digits.tolist()):
        img[k, 1 : 7, d % 6 + 1] = 1.0
        img[k, d % 7, 1 : 7] = 1.0
    return img.flatten(1)


def train(fabric, cfg):
    model = fabric.setup_module(DigitVAE())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        x = glyphs(cfg.batch_size, seed=step).to(fabric.device)
        recon, mu, logvar = model(x)
        kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
        loss = F.binary_cross_entropy_with_logits(recon, x) + 0.1 * kl
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(cfg.describe(), f"loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = CONFIGS[os.environ.get("VAE_CONFIG", "tpu-debug")]()
    strategy = XLAFSDPStrategy(**cfg.strategy_kwargs())
    fabric = Fabric(accelerator=cfg.accelerator, precision=cfg.precision, strategy=strategy)
    fabric.launch(train, cfg)
