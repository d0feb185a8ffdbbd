"""A small frame-wise MLP over 40 MFCC coefficients x 32 frames, mean-pooled into 12 keyword classes."""
from torch import nn


class FrameBlock(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.fc = nn.Linear(dim_in, dim_out)
        self.norm = nn.LayerNorm(dim_out)

    def forward(self, x):
        return nn.functional.gelu(self.norm(self.fc(x)))


class KeywordSpotter(nn.Module):
    def __init__(self, n_mfcc=40, classes=12):
        super().__init__()
        self.blocks = nn.Sequential(FrameBlock(n_mfcc, 64), FrameBlock(64, 64))
        self.head = nn.Linear(64, classes)

    def forward(self, x):  # x: (batch, frames, n_mfcc)
        return self.head(self.blocks(x).mean(dim=1))
