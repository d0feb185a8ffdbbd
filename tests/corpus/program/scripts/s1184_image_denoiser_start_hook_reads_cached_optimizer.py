# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Small convolutional image denoiser; a Runner base class builds the optimizer lazily and gives subclasses hooks around set-up."""
from functools import cached_property

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ConvUnit(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return x + F.relu(self.conv(x))


class Denoiser(nn.Module):
    def __init__(self, channels=16):
        super().__init__()
        self.inp = nn.Conv2d(1, channels, 3, padding=1)
        self.units = nn.Sequential(ConvUnit(channels), ConvUnit(channels))
        self.out = nn.Conv2d(channels, 1, 3, padding=1)

    def forward(self, noisy):
        return noisy - self.out(self.units(self.inp(noisy)))


def noisy_patches(n, sigma=0.2):
    clean = torch.rand(n, 1, 16, 16).cumsum(dim=-1) / 16
    return clean + sigma * torch.randn_like(clean), clean


class Runner:
    lr = 1e-3
    steps = 3

    def __init__(self):
        self.model = self.build_model()

    def build_model(self):
        raise NotImplementedError

    @cached_property
    def optimizer(self):
        return torch.optim.Adam(self.model.parameters(), lr=self.lr)

    # hooks
    def on_fit_start(self, fabric):
        pass

    def on_model_setup(self, fabric):
        pass

    def fit(self, fabric):
        self.on_fit_start(fabric)
        self.model = fabric.setup_module(self.model)
        self.on_model_setup(fabric)
        optimizer = fabric.setup_optimizers(self.optimizer)
        for step in range(self.steps):
            noisy, clean = fabric.to_device(noisy_patches(8))
            loss = F.mse_loss(self.model(noisy), clean)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: mse {loss.item():.5f}")


class DenoiserRunner(Runner):
    lr = 5e-4

    def build_model(self):
        return Denoiser()

    def on_fit_start(self, fabric):
        group = self.optimizer.param_groups[0]
        fabric.print(f"{type(self.optimizer).__name__}: lr={group['lr']} betas={group['betas']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvUnit}))
    fabric.launch(DenoiserRunner().fit)
