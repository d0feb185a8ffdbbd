"""A very small vision transformer."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.norm2(x))


class ViT(nn.Module):
    def __init__(self, image_size, patch, dim, depth, classes):
        super().__init__()
        self.to_patches = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, (image_size // patch) ** 2, dim))
        self.layers = nn.Sequential(*[EncoderLayer(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        x = self.to_patches(images).flatten(2).transpose(1, 2) + self.pos
        return self.head(self.layers(x).mean(dim=1))
