"""A residual MLP over molecular fingerprints with one logit per toxicity assay."""
import torch
from torch import nn


class ToxBlock(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.ff = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, hidden))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ToxNet(nn.Module):
    def __init__(self, features: int, hidden: int, depth: int, tasks: int):
        super().__init__()
        self.inp = nn.Linear(features, hidden)
        self.blocks = nn.Sequential(*[ToxBlock(hidden) for _ in range(depth)])
        self.out = nn.Linear(hidden, tasks)

    def forward(self, fp):
        return self.out(self.blocks(self.inp(fp)))


def fingerprint_batch(batch: int, features: int, tasks: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    fp = (torch.rand(batch, features, generator=gen) < 0.1).float()
    labels = (fp[:, :tasks] + 0.1 * torch.rand(batch, tasks, generator=gen) > 0.5).float()
    mask = torch.rand(batch, tasks, generator=gen) < 0.8  # missing assay results
    return fp, labels, mask
