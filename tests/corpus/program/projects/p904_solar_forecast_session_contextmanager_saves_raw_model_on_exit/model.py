from torch import nn


class SolarRegressor(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, hidden), nn.GELU(), nn.LayerNorm(hidden), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)
