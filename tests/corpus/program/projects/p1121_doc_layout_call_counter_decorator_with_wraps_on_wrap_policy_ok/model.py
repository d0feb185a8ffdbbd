"""A small patch transformer over grayscale crops of page regions."""
import torch
from torch import nn

REGION_TYPES = ("text", "table", "figure", "header")


class PatchBlock(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class LayoutNet(nn.Module):
    def __init__(self, patch=8, dim=64, depth=2):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(patch * patch, dim)
        self.blocks = nn.Sequential(*[PatchBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, len(REGION_TYPES))

    def forward(self, crops):
        patches = crops.unfold(2, self.patch, self.patch).unfold(3, self.patch, self.patch)
        patches = patches.reshape(crops.shape[0], -1, self.patch * self.patch)
        return self.head(self.blocks(self.embed(patches)).mean(dim=1))
