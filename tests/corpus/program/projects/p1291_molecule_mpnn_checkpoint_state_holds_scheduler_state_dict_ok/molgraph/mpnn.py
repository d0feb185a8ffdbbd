"""Message passing on dense adjacency, with a masked sum readout."""
import torch
from torch import nn


class MessagePassing(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.message = nn.Linear(dim, dim)
        self.update = nn.Sequential(nn.Linear(2 * dim, dim), nn.SiLU(), nn.LayerNorm(dim))

    def forward(self, h, adj):
        messages = adj @ self.message(h)
        return h + self.update(torch.cat([h, messages], dim=-1))


class MPNN(nn.Module):
    def __init__(self, atom_features, dim=64, rounds=3):
        super().__init__()
        self.embed = nn.Linear(atom_features, dim)
        self.layers = nn.ModuleList([MessagePassing(dim) for _ in range(rounds)])
        self.readout = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, 1))

    def forward(self, x, adj, mask):
        h = self.embed(x)
        for layer in self.layers:
            h = layer(h, adj) * mask.unsqueeze(-1)
        return self.readout(h.sum(dim=1))
