"""A 1-D convolutional keyword spotter over log-mel frames."""
import torch
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 5, padding=2)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class KeywordSpotter(nn.Module):
    def __init__(self, n_mels, channels, blocks, n_keywords):
        super().__init__()
        self.stem = nn.Conv1d(n_mels, channels, 1)
        self.blocks = nn.Sequential(*(ConvBlock(channels) for _ in range(blocks)))
        self.classify = nn.Linear(channels, n_keywords)

    def forward(self, mels):  # (batch, n_mels, frames)
        return self.classify(self.blocks(self.stem(mels)).mean(dim=-1))


def fake_utterances(batch, n_mels, frames, n_keywords, generator):
    labels = torch.randint(0, n_keywords, (batch,), generator=generator)
    mels = torch.randn(batch, n_mels, frames, generator=generator)
    mels[torch.arange(batch), labels] += 2.0  # each keyword lights up one mel band
    return mels, labels
