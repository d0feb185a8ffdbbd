"""Predicts the next 5-minute speed of every road sensor from the last hour of readings."""
from torch import nn


class SensorMixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.norm(x)).relu()


class SpeedModel(nn.Module):
    def __init__(self, sensors: int, history: int, hidden: int):
        super().__init__()
        self.inp = nn.Linear(sensors * history, hidden)
        self.mixers = nn.Sequential(SensorMixer(hidden), SensorMixer(hidden))
        self.out = nn.Linear(hidden, sensors)

    def forward(self, readings):
        return self.out(self.mixers(self.inp(readings.flatten(1))))
