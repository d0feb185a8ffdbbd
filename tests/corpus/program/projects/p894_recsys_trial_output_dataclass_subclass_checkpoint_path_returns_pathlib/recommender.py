"""Neural collaborative filtering: user and item embeddings scored by an MLP tower."""
import torch
from torch import nn


class MLPTower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 * dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim), nn.ReLU())

    def forward(self, x):
        return self.net(x)


class NeuralCF(nn.Module):
    def __init__(self, users=200, items=300, dim=32):
        super().__init__()
        self.users = nn.Embedding(users, dim)
        self.items = nn.Embedding(items, dim)
        self.tower = MLPTower(dim)
        self.score = nn.Linear(dim, 1)

    def forward(self, user_ids, item_ids):
        # ids are (batch, 1): one interaction per row
        x = torch.cat([self.users(user_ids), self.items(item_ids)], dim=-1)
        return self.score(self.tower(x)).flatten()
