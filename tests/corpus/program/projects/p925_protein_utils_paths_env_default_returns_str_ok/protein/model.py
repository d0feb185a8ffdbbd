"""Soluble vs membrane protein classifier over amino-acid sequences (embedding + transformer-ish blocks)."""
from torch import nn

AMINO = "ACDEFGHIKLMNPQRSTVWY"


class MixerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ProteinNet(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.embed = nn.Embedding(len(AMINO), dim)
        self.blocks = nn.Sequential(*[MixerBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 2)

    def forward(self, residues):
        return self.head(self.blocks(self.embed(residues)).mean(dim=1))
