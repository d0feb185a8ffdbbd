"""Two-tower retrieval model: user and item towers (each a bag of feature ids) scored by a dot product."""
from torch import nn


class Tower(nn.Module):
    def __init__(self, n_ids, dim):
        super().__init__()
        self.embed = nn.Embedding(n_ids, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, ids):
        return nn.functional.normalize(self.mlp(self.embed(ids).sum(dim=1)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items, dim, temperature=0.1):
        super().__init__()
        self.users = Tower(n_users, dim)
        self.items = Tower(n_items, dim)
        self.item_bias = nn.Embedding(n_items, 1)
        self.temperature = temperature

    def forward(self, user_ids, item_ids):
        scores = self.users(user_ids) @ self.items(item_ids).T / self.temperature
        return scores + self.item_bias(item_ids[:, :1]).squeeze(-1).T
