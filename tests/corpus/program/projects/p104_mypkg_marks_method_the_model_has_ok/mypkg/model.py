import torch
from torch import nn

from .settings import VOCAB


class TinyLM(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, dim)
        self.fc = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, VOCAB)

    def forward(self, idx):
        return self.head(torch.relu(self.fc(self.emb(idx))))

    def sample(self, idx, steps: int = 2):
        for _ in range(steps):
            nxt = self(idx)[:, -1].argmax(-1, keepdim=True)
            idx = torch.cat([idx, nxt], dim=1)
        return idx
