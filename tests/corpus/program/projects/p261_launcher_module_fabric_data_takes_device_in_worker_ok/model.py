"""A small residual MLP: the layer class is what FSDP wraps."""
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(width, width), nn.GELU(), nn.Linear(width, width))

    def forward(self, x):
        return x + self.ff(x)


class Net(nn.Module):
    def __init__(self, width=32, depth=2, classes=4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.blocks(x))
