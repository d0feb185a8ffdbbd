"""Convolutional denoising autoencoder for small grayscale images."""
from torch import nn


class DownUp(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.down = nn.Sequential(nn.Conv2d(channels, 2 * channels, 3, stride=2, padding=1), nn.SiLU())
        self.up = nn.Sequential(nn.ConvTranspose2d(2 * channels, channels, 4, stride=2, padding=1), nn.SiLU())

    def forward(self, x):
        return x + self.up(self.down(x))


class Denoiser(nn.Module):
    def __init__(self, channels=16):
        super().__init__()
        self.inp = nn.Conv2d(1, channels, 3, padding=1)
        self.body = nn.Sequential(DownUp(channels), DownUp(channels))
        self.out = nn.Conv2d(channels, 1, 3, padding=1)

    def forward(self, noisy):
        return self.out(self.body(self.inp(noisy)))
