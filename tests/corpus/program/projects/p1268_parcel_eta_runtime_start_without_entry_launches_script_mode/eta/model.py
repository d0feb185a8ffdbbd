"""ETA regressor: one-hot calendar features, residual MLP towers over everything."""
import torch
from torch import nn

from eta.features import N_HOURS, N_NUMERIC, N_WEEKDAYS


class Tower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(x)))


class ETARegressor(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(N_NUMERIC + N_HOURS + N_WEEKDAYS, dim)
        self.towers = nn.Sequential(Tower(dim), Tower(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, numeric, hour, weekday):
        calendar = [nn.functional.one_hot(hour, N_HOURS), nn.functional.one_hot(weekday, N_WEEKDAYS)]
        x = torch.cat([numeric, *(c.to(numeric.dtype) for c in calendar)], -1)
        return nn.functional.softplus(self.out(self.towers(self.inp(x)))).squeeze(-1)
