"""A small CNN over 32x32 mel patches; a `SpectroBlock` is what FSDP wraps."""
import torch
import torch.nn.functional as F
from torch import nn


class SpectroBlock(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.conv(x)), 2)


class SongNet(nn.Module):
    def __init__(self, species: int = 8):
        super().__init__()
        self.blocks = nn.Sequential(SpectroBlock(1, 8), SpectroBlock(8, 16))
        self.head = nn.Linear(16 * 8 * 8, species)

    def forward(self, mel):
        return self.head(self.blocks(mel).flatten(1))


def mel_patches(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    species = torch.randint(0, 8, (batch,), generator=gen)
    rows = torch.arange(32)[None, :, None]
    band = (rows == (species[:, None, None] * 4 + 2)).float()
    mel = band.expand(batch, 32, 32)[:, None] + 0.2 * torch.rand(batch, 1, 32, 32, generator=gen)
    return mel, species
