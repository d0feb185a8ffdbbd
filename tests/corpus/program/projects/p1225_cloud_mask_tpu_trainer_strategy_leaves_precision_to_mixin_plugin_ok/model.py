"""Per-pixel cloud classifier over 4x4 patches of the tile (patch MLP, no convolutions)."""
import torch
from torch import nn


class ConvStage(nn.Module):
    """A residual patch-mixing stage (named after the conv stage it replaced)."""

    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mix = nn.Linear(width, width)

    def forward(self, x):
        return x + torch.nn.functional.gelu(self.mix(self.norm(x)))


class CloudNet(nn.Module):
    def __init__(self, channels, width, patch=4):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(channels * patch * patch, width)
        self.stages = nn.Sequential(ConvStage(width), ConvStage(width))
        self.head = nn.Linear(width, patch * patch)

    def forward(self, tiles):
        b, c, h, w = tiles.shape
        p = self.patch
        patches = tiles.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * p * p)
        logits = self.head(self.stages(self.embed(patches)))
        return logits.reshape(b, h // p, w // p, p, p).permute(0, 1, 3, 2, 4).reshape(b, 1, h, w)
