"""Denoising model for 1-D signals."""
import torch
from torch import nn


class DenoiseBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, padding=1)
        self.proj = nn.Linear(channels, channels)

    def forward(self, x):
        h = torch.relu(self.conv(x))
        return x + self.proj(h.transpose(1, 2)).transpose(1, 2)


class Denoiser(nn.Module):
    def __init__(self, channels=16, depth=2):
        super().__init__()
        self.lift = nn.Conv1d(1, channels, kernel_size=1)
        self.blocks = nn.Sequential(*(DenoiseBlock(channels) for _ in range(depth)))
        self.out = nn.Conv1d(channels, 1, kernel_size=1)

    def forward(self, noisy):
        return self.out(self.blocks(self.lift(noisy)))


def noisy_sine(batch, length, device, sigma=0.2):
    t = torch.linspace(0, 6.28, length, device=device)
    freq = 1 + 3 * torch.rand(batch, 1, device=device)
    clean = torch.sin(freq * t)[:, None, :]
    return clean + sigma * torch.randn_like(clean), clean
