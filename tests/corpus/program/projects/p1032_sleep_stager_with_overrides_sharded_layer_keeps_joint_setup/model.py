"""Classifies 30-second EEG epochs into five sleep stages (W, N1, N2, N3, REM)."""
import torch
from torch import nn


class EpochEncoder(nn.Module):
    def __init__(self, channels: int, width: int = 16):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(channels, width, 7, stride=3), nn.ReLU(), nn.Conv1d(width, width, 5, stride=2))

    def forward(self, x):
        return self.conv(x).mean(-1)


class SleepStager(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.encoder = EpochEncoder(channels)
        self.head = nn.Linear(16, 5)

    def forward(self, eeg):
        return self.head(self.encoder(eeg))


def eeg_epochs(batch: int, channels: int, length: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    stage = torch.randint(0, 5, (batch,), generator=gen)
    t = torch.linspace(0, 30, length)
    rhythm = torch.sin(2 * torch.pi * (stage[:, None].float() + 1) * t[None])
    return rhythm[:, None].repeat(1, channels, 1) + 0.3 * torch.randn(batch, channels, length, generator=gen), stage
