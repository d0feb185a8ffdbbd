import torch
from torch import nn


class FactorizationMachine(nn.Module):
    """Second-order FM over hashed categorical fields."""

    def __init__(self, fields, cardinality, dim):
        super().__init__()
        self.linear = nn.Embedding(fields * cardinality, 1)
        self.factors = nn.Embedding(fields * cardinality, dim)
        self.bias = nn.Parameter(torch.zeros(1))
        self.register_buffer("offsets", torch.arange(fields) * cardinality)

    def forward(self, ids):
        ids = ids + self.offsets
        v = self.factors(ids)
        pairwise = 0.5 * (v.sum(1).pow(2) - v.pow(2).sum(1)).sum(-1)
        return self.bias + self.linear(ids).sum((1, 2)) + pairwise
