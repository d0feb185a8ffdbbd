from torch import nn


class ResidualLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + nn.functional.silu(self.fc(self.norm(x)))


class ChurnMLP(nn.Module):
    def __init__(self, features=20, dim=64, depth=2):
        super().__init__()
        self.inp = nn.Linear(features, dim)
        self.layers = nn.Sequential(*[ResidualLayer(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        return self.out(self.layers(self.inp(x)))
