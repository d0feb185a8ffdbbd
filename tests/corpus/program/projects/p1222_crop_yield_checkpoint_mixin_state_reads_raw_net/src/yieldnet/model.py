import torch
from torch import nn


class FieldBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, width), nn.SiLU(), nn.Linear(width, width))

    def forward(self, h):
        return h + self.net(h)


class YieldRegressor(nn.Module):
    def __init__(self, n_weather, n_soil, width, depth):
        super().__init__()
        self.embed = nn.Linear(n_weather + n_soil, width)
        self.blocks = nn.ModuleList(FieldBlock(width) for _ in range(depth))
        self.head = nn.Linear(width, 1)

    def forward(self, weather, soil):
        h = self.embed(torch.cat([weather, soil], dim=-1))
        for block in self.blocks:
            h = block(h)
        return self.head(h).squeeze(-1)
