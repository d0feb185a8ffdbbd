"""Next-day burned-area mask on a 16x16 grid from today's fire mask, fuel load and wind."""
from torch import nn

GRID = 16


class SpreadBlock(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.GroupNorm(4, channels)

    def forward(self, x):
        return x + self.norm(self.conv(x)).relu()


class FireNet(nn.Module):
    def __init__(self, channels: int = 16):
        super().__init__()
        self.inp = nn.Conv2d(4, channels, 3, padding=1)  # fire, fuel, wind u, wind v
        self.blocks = nn.Sequential(SpreadBlock(channels), SpreadBlock(channels))
        self.out = nn.Conv2d(channels, 1, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(1)
