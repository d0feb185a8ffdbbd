"""Click-through model over hashed feature bags plus a frozen content encoder's features."""
import torch
from torch import nn


class ContentEncoder(nn.Module):
    """Pretrained elsewhere and kept frozen: it turns item descriptors into 16 features."""

    def __init__(self, descriptors=24, features=16):
        super().__init__()
        self.proj = nn.Linear(descriptors, features)

    @torch.no_grad()
    def forward(self, descriptors):
        return torch.tanh(self.proj(descriptors))


class CTRModel(nn.Module):
    """Two small towers over hashed user/item feature bags, then an MLP over both plus content."""

    def __init__(self, hashed=64, dim=16, content=16):
        super().__init__()
        self.user_tower = nn.Sequential(nn.Linear(hashed, dim), nn.ReLU())
        self.item_tower = nn.Sequential(nn.Linear(hashed, dim), nn.ReLU())
        self.mlp = nn.Sequential(nn.Linear(2 * dim + content, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, users, items, content):
        x = torch.cat([self.user_tower(users), self.item_tower(items), content], dim=-1)
        return self.mlp(x).squeeze(-1)
