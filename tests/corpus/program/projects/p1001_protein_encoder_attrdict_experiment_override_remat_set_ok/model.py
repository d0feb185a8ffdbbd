"""A small transformer encoder over amino-acid tokens, with a per-sequence solubility head."""
import torch
from torch import nn

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.norm2(x))


class ProteinEncoder(nn.Module):
    def __init__(self, dim, heads, depth, max_len):
        super().__init__()
        self.tokens = nn.Embedding(len(AMINO_ACIDS) + 1, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.layers = nn.ModuleList(EncoderLayer(dim, heads) for _ in range(depth))
        self.head = nn.Linear(dim, 1)

    def forward(self, tokens):
        x = self.tokens(tokens) + self.pos[:, : tokens.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.head(x.mean(dim=1)).squeeze(-1)


def random_sequences(batch, length, generator):
    tokens = torch.randint(1, len(AMINO_ACIDS) + 1, (batch, length), generator=generator)
    soluble = (tokens <= 10).float().mean(dim=1)  # a toy target: share of the first ten residues
    return tokens, soluble
