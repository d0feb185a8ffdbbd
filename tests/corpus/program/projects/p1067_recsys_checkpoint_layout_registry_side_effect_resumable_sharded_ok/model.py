"""A two-tower recommender: one-hot user and item ids projected, each refined by a small MLP tower."""
import torch
from torch import nn


class Tower(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.mlp(x)


class TwoTower(nn.Module):
    def __init__(self, users: int, items: int, dim: int):
        super().__init__()
        self.user_emb = nn.Linear(users, dim, bias=False)  # one-hot ids in
        self.item_emb = nn.Linear(items, dim, bias=False)
        self.user_tower = Tower(dim)
        self.item_tower = Tower(dim)

    def forward(self, users, items):
        u = self.user_tower(self.user_emb(users))
        v = self.item_tower(self.item_emb(items))
        return (u * v).sum(-1)
