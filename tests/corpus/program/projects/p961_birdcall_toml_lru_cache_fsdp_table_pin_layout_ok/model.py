"""A frame-level birdcall classifier over 40-bin log-mel frames."""
import torch
from torch import nn

N_MELS = 40
SPECIES = 5


class FrameBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.nn.functional.gelu(self.proj(self.norm(x)))


class BirdcallNet(nn.Module):
    def __init__(self, dim: int = 48, depth: int = 2):
        super().__init__()
        self.stem = nn.Linear(N_MELS, dim)
        self.blocks = nn.Sequential(*[FrameBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, SPECIES)

    def forward(self, frames):
        h = self.blocks(self.stem(frames))
        return self.head(h.mean(dim=1))


def synthetic_clips(batch_size: int, frames: int = 20, seed: int = 0):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, SPECIES, (batch_size,), generator=gen)
    mels = torch.randn(batch_size, frames, N_MELS, generator=gen)
    mels[torch.arange(batch_size), :, labels * 8] += 3.0
    return mels, labels
