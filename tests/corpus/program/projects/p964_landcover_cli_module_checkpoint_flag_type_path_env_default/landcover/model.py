"""A per-pixel MLP segmenter over 6 spectral bands; PixelBlock is the FSDP unit."""
import torch
from torch import nn

BANDS = 6
CLASSES = 4


class PixelBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class Segmenter(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.embed = nn.Linear(BANDS, dim)
        self.body = nn.Sequential(PixelBlock(dim), PixelBlock(dim))
        self.classify = nn.Linear(dim, CLASSES)

    def forward(self, tiles):  # (B, H, W, BANDS) -> (B, H, W, CLASSES)
        return self.classify(self.body(self.embed(tiles)))


def tiles(batch: int, size: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    x = torch.rand(batch, size, size, BANDS, generator=gen)
    y = (x[..., 3] * CLASSES).long().clamp(max=CLASSES - 1)  # "NIR" band decides the class
    return x, y
