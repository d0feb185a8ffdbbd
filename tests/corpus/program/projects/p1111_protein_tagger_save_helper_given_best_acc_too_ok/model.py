"""Per-residue secondary-structure tagger (helix / strand / coil) over one-hot amino acids."""
from torch import nn

AMINO_ACIDS = 20
STATES = 3


class ResidueBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 5, padding=2)
        self.norm = nn.GroupNorm(4, dim)

    def forward(self, x):
        return x + self.norm(self.conv(x)).relu()


class SSTagger(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.embed = nn.Conv1d(AMINO_ACIDS, dim, 1)
        self.blocks = nn.Sequential(ResidueBlock(dim), ResidueBlock(dim))
        self.out = nn.Conv1d(dim, STATES, 1)

    def forward(self, onehot):
        return self.out(self.blocks(self.embed(onehot)))
