"""A two-level U-Net for 32x32 single-channel images."""
import torch
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.SiLU(),
            nn.Conv2d(cout, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.SiLU(),
        )

    def forward(self, x):
        return self.body(x)


class TinyUNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.enc1 = ConvBlock(1, width)
        self.enc2 = ConvBlock(width, 2 * width)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ConvTranspose2d(2 * width, width, 2, stride=2)
        self.dec1 = ConvBlock(2 * width, width)
        self.out = nn.Conv2d(width, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.pool(e1))
        return self.out(self.dec1(torch.cat([self.up(e2), e1], dim=1)))
