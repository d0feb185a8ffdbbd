"""Two towers: a user tower and an item tower, scored by a dot product."""
import torch
import torch.nn.functional as F
from torch import nn


class Tower(nn.Module):
    def __init__(self, n: int, dim: int):
        super().__init__()
        self.n = n
        self.embed = nn.Linear(n, dim, bias=False)  # one-hot ids times a table: an embedding FSDP can shard
        self.mlp = nn.Sequential(nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, ids):
        return self.mlp(self.embed(F.one_hot(ids, self.n).float()))


class TwoTower(nn.Module):
    def __init__(self, users: int, items: int, dim: int):
        super().__init__()
        self.user_tower = Tower(users, dim)
        self.item_tower = Tower(items, dim)

    def forward(self, users, items):
        return (self.user_tower(users) * self.item_tower(items)).sum(-1)


def interactions(n: int, users: int, items: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    u = torch.randint(0, users, (n,), generator=gen)
    i = torch.randint(0, items, (n,), generator=gen)
    clicked = ((u + i) % 3 == 0).float()
    return u, i, clicked
