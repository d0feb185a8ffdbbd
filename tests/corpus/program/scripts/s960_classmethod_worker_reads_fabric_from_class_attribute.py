# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<bound method DenoiseJob.worker of <class '__main__.DenoiseJob'>>)` needs to take at least one a
"""Signal denoiser (noisy sine waves -> clean ones); the job is a class whose classmethods build Fabric and run the loop."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class DenoiseBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class Denoiser(nn.Module):
    def __init__(self, length=128, depth=3):
        super().__init__()
        self.blocks = nn.Sequential(*[DenoiseBlock(length) for _ in range(depth)])

    def forward(self, x):
        return self.blocks(x)


def noisy_sines(batch, length=128, noise=0.3):
    t = torch.linspace(0, 2 * math.pi, length)
    freq = torch.randint(1, 6, (batch, 1)).float()
    clean = torch.sin(freq * t)
    return clean + noise * torch.randn_like(clean), clean


class DenoiseJob:
    fabric = None
    steps = 3
    lr = 1e-3

    @classmethod
    def setup(cls):
        cls.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DenoiseBlock}))
        return cls

    @classmethod
    def worker(cls):
        fabric = cls.fabric
        model = fabric.setup_module(Denoiser())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cls.lr))
        for step in range(cls.steps):
            noisy, clean = fabric.to_device(noisy_sines(16))
            loss = F.mse_loss(model(noisy), clean)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: mse {loss.item():.4f}")

    @classmethod
    def main(cls):
        cls.setup()
        cls.fabric.launch(cls.worker)


if __name__ == "__main__":
    DenoiseJob.main()
