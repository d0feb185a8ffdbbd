"""A small CNN with one sigmoid output per attribute."""
import torch
import torch.nn.functional as F
from torch import nn


class ConvStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        return F.adaptive_avg_pool2d(F.relu(self.conv2(x)), 1).flatten(1)


class Tagger(nn.Module):
    def __init__(self, attributes: int):
        super().__init__()
        self.stem = ConvStem()
        self.head = nn.Linear(32, attributes)

    def forward(self, images):
        return self.head(self.stem(images))


def product_photos(batch: int, image: int, attributes: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    tags = (torch.rand(batch, attributes, generator=gen) < 0.3).float()
    colour = tags[:, :3, None, None].expand(batch, 3, image, image)
    return colour + 0.1 * torch.randn(batch, 3, image, image, generator=gen), tags
