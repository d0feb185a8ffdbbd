"""A tiny sentence encoder trained with an in-batch contrastive loss."""
import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 500


class SentenceEncoder(nn.Module):
    def __init__(self, vocab: int = VOCAB, dim: int = 32):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def encode(self, tokens):
        """Unit-norm sentence embeddings."""
        return F.normalize(self.proj(self.embed(tokens)), dim=-1)

    def forward(self, anchors, positives):
        a, p = self.encode(anchors), self.encode(positives)
        logits = a @ p.T / 0.05
        return F.cross_entropy(logits, torch.arange(a.shape[0], device=a.device))
