"""Two towers over bag-of-token embeddings; `forward` scores pairs, `encode_query` embeds queries only."""
import torch
import torch.nn.functional as F
from torch import nn

from .registry import register_model

VOCAB = 200


class TowerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.ff(x)


class DualEncoder(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.query_emb = nn.EmbeddingBag(VOCAB, dim)
        self.doc_emb = nn.EmbeddingBag(VOCAB, dim)
        self.query_tower = TowerBlock(dim)
        self.doc_tower = TowerBlock(dim)

    def encode_query(self, tokens):
        return F.normalize(self.query_tower(self.query_emb(tokens)), dim=-1)

    def encode_doc(self, tokens):
        return F.normalize(self.doc_tower(self.doc_emb(tokens)), dim=-1)

    def forward(self, query_tokens, doc_tokens):
        return self.encode_query(query_tokens) @ self.encode_doc(doc_tokens).T / 0.1


@register_model("dual_encoder", wrap_block=TowerBlock, encode_method="encode_queries")
def build_dual_encoder():
    return DualEncoder()
