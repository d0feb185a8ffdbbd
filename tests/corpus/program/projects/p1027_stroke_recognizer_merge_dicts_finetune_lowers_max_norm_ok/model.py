"""Letter classifier over pen trajectories (x, y, pen-down) resampled to a fixed number of points."""
import torch
from torch import nn


class StrokeBlock(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.conv = nn.Conv1d(hidden, hidden, 3, padding=1)
        self.act = nn.ReLU()

    def forward(self, x):
        return x + self.act(self.conv(x))


class StrokeNet(nn.Module):
    def __init__(self, letters: int, hidden: int):
        super().__init__()
        self.inp = nn.Conv1d(3, hidden, 1)
        self.blocks = nn.Sequential(StrokeBlock(hidden), StrokeBlock(hidden))
        self.out = nn.Linear(hidden, letters)

    def forward(self, strokes):  # (B, 3, points)
        return self.out(self.blocks(self.inp(strokes)).amax(dim=-1))


def pen_strokes(batch: int, points: int, letters: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    letter = torch.randint(0, letters, (batch,), generator=gen)
    t = torch.linspace(0, 1, points)
    x = torch.cos(2 * torch.pi * t[None] * (1 + letter[:, None] % 5))
    y = torch.sin(2 * torch.pi * t[None] * (1 + letter[:, None] // 5))
    pen = (torch.rand(batch, points, generator=gen) > 0.1).float()
    return torch.stack([x, y, pen], dim=1) + 0.02 * torch.randn(batch, 3, points, generator=gen), letter
