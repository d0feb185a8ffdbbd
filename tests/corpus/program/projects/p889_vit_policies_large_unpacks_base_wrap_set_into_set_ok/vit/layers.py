"""A small Vision Transformer for 32x32 RGB images."""
import torch
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, patch=4, dim=64):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, images):
        return self.proj(images).flatten(2).transpose(1, 2)


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]


class MLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return self.net(x)


class EncoderBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm1, self.attn = nn.LayerNorm(dim), Attention(dim)
        self.norm2, self.mlp = nn.LayerNorm(dim), MLP(dim)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    def __init__(self, dim=64, depth=3, classes=10, tokens=64):
        super().__init__()
        self.patch = PatchEmbed(dim=dim)
        self.pos = nn.Parameter(torch.zeros(1, tokens, dim))
        self.blocks = nn.Sequential(*[EncoderBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        return self.head(self.blocks(self.patch(images) + self.pos).mean(dim=1))
