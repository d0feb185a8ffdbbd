"""The example's MNIST module, smaller: flattened 8x8 images, two `Block`s, ten classes."""
import torch
import torch.nn.functional as F
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class MNISTModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(64, 10)

    def forward(self, x):
        return self.head(self.blocks(x.flatten(1)))

    def training_step(self, batch):
        x, y = batch
        return F.cross_entropy(self(x), y)
