"""A line recogniser: each pixel column embedded, mixed by residual MLP stages, classified into a character."""
from torch import nn


class ColumnMixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.net(x)


class LineOCR(nn.Module):
    def __init__(self, height: int, charset: int, dim: int = 32):
        super().__init__()
        self.to_columns = nn.Linear(height, dim)
        self.mixers = nn.Sequential(ColumnMixer(dim), ColumnMixer(dim))
        self.classify = nn.Linear(dim, charset)

    def forward(self, images):  # (batch, height, width)
        cols = images.transpose(1, 2)  # (batch, width, height)
        return self.classify(self.mixers(self.to_columns(cols)))
