"""Convolutional denoising autoencoder, one FSDP unit per stage."""
import torch
from torch import nn


class Stage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.GroupNorm(4, cout)

    def forward(self, x):
        return torch.relu(self.norm(self.conv(x)))


class Denoiser(nn.Module):
    def __init__(self, channels, width, depth):
        super().__init__()
        stages = [Stage(channels, width)] + [Stage(width, width) for _ in range(depth - 1)]
        self.body = nn.Sequential(*stages)
        self.out = nn.Conv2d(width, channels, 1)

    def forward(self, noisy):
        return noisy - self.out(self.body(noisy))  # predict the noise, subtract it


def noisy_batch(batch, channels, size, std, generator):
    clean = torch.rand(batch, channels, size, size, generator=generator).round()
    noisy = clean + std * torch.randn(clean.shape, generator=generator)
    return noisy, clean
