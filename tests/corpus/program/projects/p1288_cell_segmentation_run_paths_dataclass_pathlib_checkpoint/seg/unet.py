"""A two-level U-Net for binary segmentation."""
import torch
from torch import nn


class DoubleConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.ReLU(),
            nn.Conv2d(cout, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.ReLU(),
        )

    def forward(self, x):
        return self.net(x)


class UNet(nn.Module):
    def __init__(self, base=8):
        super().__init__()
        self.enc1 = DoubleConv(1, base)
        self.enc2 = DoubleConv(base, 2 * base)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ConvTranspose2d(2 * base, base, 2, stride=2)
        self.dec1 = DoubleConv(2 * base, base)
        self.head = nn.Conv2d(base, 1, 1)

    def forward(self, x):
        s1 = self.enc1(x)
        bottom = self.enc2(self.pool(s1))
        return self.head(self.dec1(torch.cat([self.up(bottom), s1], dim=1)))
