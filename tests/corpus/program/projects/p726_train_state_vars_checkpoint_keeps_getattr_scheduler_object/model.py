"""Small convolutional classifier."""
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.act = nn.GELU()

    def forward(self, x):
        return x + self.act(self.conv(x))


def convnet(channels=8, classes=4):
    return nn.Sequential(
        nn.Conv2d(3, channels, 3, padding=1), ConvBlock(channels), ConvBlock(channels),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, classes),
    )
