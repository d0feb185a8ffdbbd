"""A bag-of-embeddings encoder with residual MLP layers and a 1-5 star regression head."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.ff = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GELU(), nn.Linear(2 * hidden, hidden))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ReviewEncoder(nn.Module):
    def __init__(self, vocab: int, hidden: int, layers: int):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.layers = nn.Sequential(*[EncoderLayer(hidden) for _ in range(layers)])
        self.stars = nn.Linear(hidden, 1)

    def forward(self, tokens):
        h = self.layers(self.embed(tokens)).mean(dim=1)
        return 1 + 4 * torch.sigmoid(self.stars(h)).squeeze(-1)


def review_batch(batch: int, seq_len: int, vocab: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, vocab, (batch, seq_len), generator=gen)
    stars = 1 + (tokens.float().mean(dim=1) / vocab * 5).clamp(0, 4)
    return tokens, stars
