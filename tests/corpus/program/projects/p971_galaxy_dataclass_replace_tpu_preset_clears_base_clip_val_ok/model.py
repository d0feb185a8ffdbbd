"""A patch-MLP classifier of 16x16 galaxy cutouts into 3 morphologies (elliptical, spiral, irregular)."""
import torch
from torch import nn


class MixerBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class GalaxyNet(nn.Module):
    def __init__(self, patch: int = 4, dim: int = 32):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(patch * patch, dim)
        self.blocks = nn.Sequential(MixerBlock(dim), MixerBlock(dim))
        self.head = nn.Linear(dim, 3)

    def forward(self, images):  # (B, 16, 16)
        b = images.shape[0]
        patches = images.unfold(1, self.patch, self.patch).unfold(2, self.patch, self.patch)
        tokens = self.embed(patches.reshape(b, -1, self.patch * self.patch))
        return self.head(self.blocks(tokens).mean(dim=1))


def cutouts(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 3, (batch,), generator=gen)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    r = (yy**2 + xx**2).sqrt()
    images = torch.exp(-4 * r)[None].repeat(batch, 1, 1)
    images = images + 0.3 * labels[:, None, None] * torch.sin(6 * torch.atan2(yy, xx))[None]
    return images + 0.05 * torch.randn(batch, 16, 16, generator=gen), labels
