"""Bird species from 32x32 spectrogram patches: per-frame MLP blocks over the frequency bins, pooled over time."""
import torch.nn.functional as F
from torch import nn

SPECIES = ("robin", "wren", "blackbird", "chaffinch")


class FrameBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


class SongNet(nn.Module):
    def __init__(self, n_bins=32, dim=48):
        super().__init__()
        self.inp = nn.Linear(n_bins, dim)
        self.blocks = nn.Sequential(FrameBlock(dim), FrameBlock(dim))
        self.head = nn.Linear(dim, len(SPECIES))

    def forward(self, spec):
        frames = spec.squeeze(1).transpose(1, 2)  # (batch, time, bins)
        return self.head(self.blocks(self.inp(frames)).mean(dim=1))
