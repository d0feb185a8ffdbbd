import torch
from torch import nn


class ForecastBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)
        self.fc = nn.Linear(hidden, hidden)

    def forward(self, h):
        return h + torch.tanh(self.fc(self.ln(h)))


class WindForecaster(nn.Module):
    def __init__(self, lags, n_turbines, hidden, depth):
        super().__init__()
        self.inp = nn.Linear(lags, hidden)
        self.blocks = nn.Sequential(*(ForecastBlock(hidden) for _ in range(depth)))
        self.out = nn.Linear(hidden, 1)

    def forward(self, lagged):  # (batch, turbines, lags) -> (batch, turbines)
        return self.out(self.blocks(self.inp(lagged))).squeeze(-1)
