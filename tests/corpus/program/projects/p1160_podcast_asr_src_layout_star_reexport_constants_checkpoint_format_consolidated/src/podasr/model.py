"""A small 1-D conv encoder over log-mel frames with a CTC head."""
import torch
from torch import nn

from .constants import FRAMES, HIDDEN, N_MELS, VOCAB


class ConvBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1)
        self.norm = nn.GroupNorm(1, dim)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class CTCEncoder(nn.Module):
    def __init__(self, depth: int = 2):
        super().__init__()
        self.inp = nn.Conv1d(N_MELS, HIDDEN, kernel_size=1)
        self.blocks = nn.Sequential(*[ConvBlock(HIDDEN) for _ in range(depth)])
        self.out = nn.Linear(HIDDEN, len(VOCAB))

    def forward(self, mels):  # (batch, n_mels, frames) -> (frames, batch, vocab) log-probs
        h = self.blocks(self.inp(mels))
        return self.out(h.transpose(1, 2)).log_softmax(-1).transpose(0, 1)


def synthetic_batch(batch: int = 4, seed: int = 0):
    gen = torch.Generator().manual_seed(seed)
    mels = torch.randn(batch, N_MELS, FRAMES, generator=gen)
    targets = torch.randint(1, len(VOCAB), (batch, 12), generator=gen)
    return mels, targets
