import torch
from torch import nn


class ConvMotifBlock(nn.Module):
    """A residual position-wise block (motif detector after the window embedding)."""

    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)
        self.lin = nn.Linear(hidden, hidden)

    def forward(self, h):
        return h + torch.relu(self.lin(self.ln(h)))


class EnhancerClassifier(nn.Module):
    def __init__(self, window, hidden, depth):
        super().__init__()
        self.embed = nn.Linear(4 * window, hidden)
        self.blocks = nn.Sequential(*[ConvMotifBlock(hidden) for _ in range(depth)])
        self.head = nn.Linear(hidden, 2)

    def forward(self, onehot):
        return self.head(self.blocks(self.embed(onehot.flatten(1))))
