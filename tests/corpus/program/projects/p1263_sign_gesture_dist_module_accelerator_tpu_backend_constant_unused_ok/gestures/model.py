"""Gesture classifier over 21 hand keypoints per frame: a per-frame encoder, then temporal attention."""
import torch
from torch import nn

N_KEYPOINTS, N_SIGNS = 21, 10


class FrameEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_KEYPOINTS * 3, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, frames):
        return self.net(frames.flatten(2))


class TemporalBlock(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(x)


class SignClassifier(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.frames = FrameEncoder(dim)
        self.blocks = nn.Sequential(*[TemporalBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, N_SIGNS)

    def forward(self, clips):
        return self.head(self.blocks(self.frames(clips)).mean(1))
