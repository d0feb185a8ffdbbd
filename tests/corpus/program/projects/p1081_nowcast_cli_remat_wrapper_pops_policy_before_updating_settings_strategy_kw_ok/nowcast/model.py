"""A token-mixing network over flattened radar patches; `MixerBlock` is the unit FSDP wraps."""
import torch
from torch import nn


class MixerBlock(nn.Module):
    def __init__(self, tokens: int, dim: int):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = nn.Linear(tokens, tokens)
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(self.norm2(x))


class Nowcaster(nn.Module):
    """Maps the last radar frame's patches to the next frame's."""

    def __init__(self, tokens: int = 16, dim: int = 24, depth: int = 2):
        super().__init__()
        self.blocks = nn.Sequential(*[MixerBlock(tokens, dim) for _ in range(depth)])
        self.out = nn.Linear(dim, dim)

    def forward(self, patches):
        return self.out(self.blocks(patches))


def radar_batch(batch: int, tokens: int = 16, dim: int = 24, device=None):
    frame = torch.rand(batch, tokens, dim, device=device)
    return frame, torch.roll(frame, shifts=1, dims=1)
