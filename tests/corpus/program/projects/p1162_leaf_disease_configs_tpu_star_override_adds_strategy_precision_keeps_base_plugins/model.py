"""A small patch-MLP for leaf-disease thumbnails (5 classes) and a synthetic batch maker."""
import torch
from torch import nn


class LeafBlock(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mix = nn.Sequential(nn.Linear(width, 2 * width), nn.GELU(), nn.Linear(2 * width, width))

    def forward(self, x):
        return x + self.mix(self.norm(x))


class LeafNet(nn.Module):
    """Cuts a 3xSxS image into 4x4 patches, embeds each, mixes them and pools."""

    def __init__(self, width: int, classes: int, patch: int = 4):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(3 * patch * patch, width)
        self.blocks = nn.Sequential(LeafBlock(width), LeafBlock(width))
        self.head = nn.Linear(width, classes)

    def forward(self, images):
        p = self.patch
        b, c, _, _ = images.shape
        patches = images.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * p * p)
        h = self.blocks(self.embed(patches))
        return self.head(h.mean(dim=1))


def leaf_batch(batch: int, size: int, classes: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    return torch.rand(batch, 3, size, size, generator=gen), torch.randint(0, classes, (batch,), generator=gen)
