import torch
from torch import nn
import torch.nn.functional as F

BANDS, CLASSES = 4, 6  # R, G, B, NIR -> water, forest, crop, urban, bare, cloud


class DownBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.Conv2d(cout, cout, 3, padding=1))

    def forward(self, x):
        return F.relu(self.conv(x))


class UpBlock(nn.Module):
    def __init__(self, cin, cskip, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin + cskip, cout, 3, padding=1), nn.ReLU())

    def forward(self, x, skip):
        x = F.interpolate(x, size=skip.shape[-2:], mode="nearest")
        return self.conv(torch.cat([x, skip], dim=1))


class TinyUNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.down1 = DownBlock(BANDS, width)
        self.down2 = DownBlock(width, 2 * width)
        self.up1 = UpBlock(2 * width, width, width)
        self.head = nn.Conv2d(width, CLASSES, 1)

    def forward(self, tiles):
        s1 = self.down1(tiles)
        s2 = self.down2(F.max_pool2d(s1, 2))
        return self.head(self.up1(s2, s1))


def random_tiles(n, size=32):
    tiles = torch.rand(n, BANDS, size, size)
    ndvi = (tiles[:, 3] - tiles[:, 0]) / (tiles[:, 3] + tiles[:, 0] + 1e-6)
    labels = torch.bucketize(ndvi, torch.linspace(-0.8, 0.8, CLASSES - 1))
    return tiles, labels
