"""A two-layer attention encoder with a mean-pooled classification head."""
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class SentimentClassifier(nn.Module):
    def __init__(self, vocab=500, dim=64, layers=2, classes=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.Sequential(*[EncoderLayer(dim) for _ in range(layers)])
        self.head = nn.Linear(dim, classes)

    def forward(self, ids):
        return self.head(self.encoder(self.embed(ids)).mean(dim=1))
