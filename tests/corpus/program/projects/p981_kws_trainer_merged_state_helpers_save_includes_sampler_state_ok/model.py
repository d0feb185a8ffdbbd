"""A small 1-D conv net over MFCC frames: the usual keyword-spotting baseline."""
import torch
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, padding=1)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class KeywordNet(nn.Module):
    def __init__(self, n_mfcc: int, channels: int, n_keywords: int):
        super().__init__()
        self.stem = nn.Conv1d(n_mfcc, channels, kernel_size=5, padding=2)
        self.blocks = nn.Sequential(ConvBlock(channels), ConvBlock(channels))
        self.head = nn.Linear(channels, n_keywords)

    def forward(self, mfcc):
        h = self.blocks(torch.relu(self.stem(mfcc)))
        return self.head(h.mean(dim=-1))
