import torch
from torch import nn

OBS, PRED = 8, 4


class MotionBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, h):
        return h + self.ff(self.norm(h))


class TrajectoryForecaster(nn.Module):
    """Observed (x, y) offsets in, future (x, y) offsets out."""

    def __init__(self, dim=48):
        super().__init__()
        self.encode = nn.Linear(OBS * 2, dim)
        self.blocks = nn.Sequential(MotionBlock(dim), MotionBlock(dim))
        self.decode = nn.Linear(dim, PRED * 2)

    def forward(self, observed):
        return self.decode(self.blocks(self.encode(observed.flatten(1)))).view(-1, PRED, 2)
