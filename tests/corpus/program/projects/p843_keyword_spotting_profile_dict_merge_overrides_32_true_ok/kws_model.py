"""Keyword spotting CNN over log-mel spectrogram patches (Speech Commands style, 12 classes)."""
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, kernel_size=3, padding=1)
        self.norm = nn.GroupNorm(4, c_out)
        self.act = nn.ReLU()
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        return self.pool(self.act(self.norm(self.conv(x))))


class KeywordNet(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.features = nn.Sequential(ConvBlock(1, channels), ConvBlock(channels, channels))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, classes))

    def forward(self, mels):
        return self.head(self.features(mels))
