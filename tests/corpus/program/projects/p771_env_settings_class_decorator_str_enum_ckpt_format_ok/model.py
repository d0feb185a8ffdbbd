"""Speech-command style classifier over 40-dim filterbank frames."""
from torch import nn


class FrameEncoder(nn.Module):
    def __init__(self, dim_in=40, dim=64):
        super().__init__()
        self.proj = nn.Linear(dim_in, dim)
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, frames):
        h = self.proj(frames)
        return h + self.ff(h)


class KeywordSpotter(nn.Module):
    def __init__(self, keywords=12):
        super().__init__()
        self.encoder = FrameEncoder()
        self.classifier = nn.Linear(64, keywords)

    def forward(self, frames):
        return self.classifier(self.encoder(frames).mean(dim=1))
