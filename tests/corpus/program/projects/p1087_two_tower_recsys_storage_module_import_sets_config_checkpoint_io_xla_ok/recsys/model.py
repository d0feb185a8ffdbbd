"""Two-tower retrieval model over dense user and item features, scored by a dot product."""
import torch
from torch import nn

import config


class Tower(nn.Module):
    def __init__(self, features: int, dim: int):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(features, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return self.mlp(x)


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.users = Tower(config.USER_FEATURES, config.EMBED_DIM)
        self.items = Tower(config.ITEM_FEATURES, config.EMBED_DIM)

    def forward(self, user_x, item_x):
        return (self.users(user_x) * self.items(item_x)).sum(-1)


def interactions(n: int = 32, device=None):
    users = torch.randn(n, config.USER_FEATURES, device=device)
    items = torch.randn(n, config.ITEM_FEATURES, device=device)
    clicked = (users[:, 0] * items[:, 0] > 0).float()
    return users, items, clicked
