"""A frame-wise mask estimator: residual MLP blocks over the frequency axis, sigmoid mask out."""
import torch
from torch import nn


class EnhancerBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.ff = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GELU(), nn.Linear(2 * hidden, hidden))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class MaskEstimator(nn.Module):
    def __init__(self, n_freq, hidden, depth):
        super().__init__()
        self.inp = nn.Linear(n_freq, hidden)
        self.blocks = nn.Sequential(*[EnhancerBlock(hidden) for _ in range(depth)])
        self.out = nn.Linear(hidden, n_freq)

    def forward(self, spec):
        return torch.sigmoid(self.out(self.blocks(self.inp(spec))))
