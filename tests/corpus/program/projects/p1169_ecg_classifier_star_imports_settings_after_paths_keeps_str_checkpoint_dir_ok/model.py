"""A 1-D conv net over 12-lead ECG windows and a synthetic beat generator."""
import math

import torch
from torch import nn


class LeadBlock(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.conv = nn.Conv1d(hidden, hidden, kernel_size=5, padding=2)
        self.norm = nn.GroupNorm(1, hidden)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class ECGNet(nn.Module):
    def __init__(self, leads: int, hidden: int, classes: int):
        super().__init__()
        self.stem = nn.Conv1d(leads, hidden, kernel_size=1)
        self.blocks = nn.Sequential(LeadBlock(hidden), LeadBlock(hidden))
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean(-1))


def ecg_batch(batch: int, leads: int, samples: int, classes: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (batch,), generator=gen)
    t = torch.arange(samples).float() / 256
    rate = (1.0 + 0.4 * labels.float()).view(-1, 1, 1)
    beats = torch.sin(2 * math.pi * rate * t) + 0.1 * torch.randn(batch, leads, samples, generator=gen)
    return beats, labels
