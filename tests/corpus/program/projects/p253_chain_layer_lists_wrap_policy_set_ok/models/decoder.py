import torch
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(2 * dim, dim)

    def forward(self, x, memory):
        return x + torch.relu(self.fc(torch.cat([self.norm(x), memory], dim=-1)))


class CrossProjection(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, memory):
        return self.proj(memory)


WRAP_LAYERS = [DecoderBlock, CrossProjection]
