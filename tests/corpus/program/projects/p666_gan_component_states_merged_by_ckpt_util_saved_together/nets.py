import torch
from torch import nn


class Generator(nn.Module):
    def __init__(self, latent: int = 8, dim: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, 32), nn.ReLU(), nn.Linear(32, dim))

    def forward(self, z):
        return torch.tanh(self.net(z))


class Discriminator(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x)
