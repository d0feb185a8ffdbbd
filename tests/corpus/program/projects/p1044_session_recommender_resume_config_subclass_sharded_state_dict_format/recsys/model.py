"""GRU4Rec-style next-item recommender."""
import torch
from torch import nn


class SessionEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gru = nn.GRU(dim, dim, batch_first=True)

    def forward(self, x):
        out, _ = self.gru(x)
        return out[:, -1]


class NextItemModel(nn.Module):
    def __init__(self, items, dim):
        super().__init__()
        self.item_emb = nn.Embedding(items, dim)
        self.encoder = SessionEncoder(dim)
        self.out = nn.Linear(dim, items)

    def forward(self, sessions):
        return self.out(self.encoder(self.item_emb(sessions)))


def click_sessions(n, items, length=10):
    start = torch.randint(0, items, (n, 1))
    drift = torch.randint(0, 5, (n, length + 1)).cumsum(dim=1)
    seq = (start + drift) % items
    return seq[:, :-1], seq[:, -1]
