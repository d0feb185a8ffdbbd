"""Two-tower recommender: user and item embeddings, each through a small MLP tower, scored by dot product."""
import torch
from torch import nn


class Tower(nn.Module):
    def __init__(self, num_ids, dim):
        super().__init__()
        self.embed = nn.Embedding(num_ids, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, ids):  # ids: (batch, bag) -> mean of the bag's embeddings
        return self.mlp(self.embed(ids).mean(dim=1))


class TwoTower(nn.Module):
    def __init__(self, users, items, dim):
        super().__init__()
        self.user = Tower(users, dim)
        self.item = Tower(items, dim)

    def forward(self, user_ids, item_ids):
        return (self.user(user_ids) * self.item(item_ids)).sum(dim=-1)


def implicit_feedback(batch, users, items, device):
    user_ids = torch.randint(0, users, (batch, 1), device=device)
    item_ids = torch.randint(0, items, (batch, 4), device=device)  # an item and its 3 co-viewed items
    clicked = ((user_ids[:, 0] + item_ids[:, 0]) % 3 == 0).float()
    return user_ids, item_ids, clicked
