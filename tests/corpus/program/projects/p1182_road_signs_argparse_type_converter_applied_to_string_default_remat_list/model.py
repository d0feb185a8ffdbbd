"""A small ResNet-ish classifier for road-sign crops."""
import torch
from torch import nn

NUM_CLASSES = 43


class SqueezeExcite(nn.Module):
    def __init__(self, channels, reduction=4):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(channels, channels // reduction), nn.ReLU(), nn.Linear(channels // reduction, channels))

    def forward(self, x):
        scale = torch.sigmoid(self.fc(x.mean((2, 3))))
        return x * scale[:, :, None, None]


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.se = SqueezeExcite(channels)

    def forward(self, x):
        return x + self.se(torch.relu(self.conv(x)))


class SignNet(nn.Module):
    def __init__(self, channels=12):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, stride=2, padding=1)
        self.blocks = nn.Sequential(ConvBlock(channels), ConvBlock(channels))
        self.head = nn.Linear(channels, NUM_CLASSES)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))
