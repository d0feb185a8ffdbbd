"""User and item towers over sparse id features; scores are dot products of L2-normalized embeddings."""
import torch.nn.functional as F
from torch import nn


class Tower(nn.Module):
    def __init__(self, vocab, dim, hidden):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def forward(self, feature_ids):
        # feature_ids: (batch, num_features) rows of one shared vocabulary, summed into one vector
        return F.normalize(self.mlp(self.embedding(feature_ids).sum(dim=1)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, user_vocab, item_vocab, dim, hidden):
        super().__init__()
        self.user_tower = Tower(user_vocab, dim, hidden)
        self.item_tower = Tower(item_vocab, dim, hidden)

    def forward(self, user_features, item_features):
        return self.user_tower(user_features), self.item_tower(item_features)
