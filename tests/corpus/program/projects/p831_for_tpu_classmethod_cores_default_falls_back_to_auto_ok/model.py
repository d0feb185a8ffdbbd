from torch import nn


class Tower(nn.Module):
    def __init__(self, features, dim=32):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(features, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return nn.functional.normalize(self.proj(x), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, user_features=24, item_features=40):
        super().__init__()
        self.user = Tower(user_features)
        self.item = Tower(item_features)

    def forward(self, users, items):
        return self.user(users) @ self.item(items).T / 0.1
