# expect: none
# oracle: OK
# twin: s1226_denoising_autoencoder_startup_hooks_launch_hook_drops_entry
"""Denoising autoencoder on synthetic 8x8 patches; start-up is a list of hooks, each called as `hook(fabric, entry)`, the last of which starts the processes."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

STARTUP_HOOKS = []


class PatchAutoencoder(nn.Module):
    def __init__(self, pixels=64, code=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(pixels, 32), nn.ReLU(), nn.Linear(32, code))
        self.decoder = nn.Sequential(nn.Linear(code, 32), nn.ReLU(), nn.Linear(32, pixels))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def train(fabric, steps=3, noise=0.3):
    model = fabric.setup_module(PatchAutoencoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        clean = torch.rand(16, 64, device=fabric.device)
        loss = F.mse_loss(model(clean + noise * torch.randn_like(clean)), clean)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} recon {loss.item():.4f}")


def seed_hook(fabric, entry):
    seed_everything(7)


def announce_hook(fabric, entry):
    print(f"starting {entry.__name__} on {type(fabric.strategy).__name__}")


def launch_hook(fabric, entry):
    fabric.launch(entry)


STARTUP_HOOKS.append(seed_hook)
STARTUP_HOOKS.append(announce_hook)
STARTUP_HOOKS.append(launch_hook)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    for hook in STARTUP_HOOKS:
        hook(fabric, train)
