"""Dual encoder for passage retrieval: queries and passages share one bag-of-tokens tower."""
import torch.nn.functional as F
from torch import nn

from utils.batching import chunked


class Tower(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, ids):
        return self.mlp(self.embed(ids))


class DualEncoder(nn.Module):
    def __init__(self, vocab=1000, dim=64, temperature=0.05):
        super().__init__()
        self.tower = Tower(vocab, dim)
        self.temperature = temperature

    def encode(self, ids):
        return F.normalize(self.tower(ids), dim=-1)

    def forward(self, queries, passages):
        return self.encode(queries) @ self.encode(passages).T / self.temperature

    @chunked(16)
    def embed_passages(self, ids):
        return self.encode(ids)
