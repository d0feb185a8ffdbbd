"""Regresses the P-wave onset (as a fraction of the window) from a 3-channel seismogram."""
from torch import nn


class PickerNet(nn.Module):
    def __init__(self, samples=200, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Flatten(), nn.Linear(3 * samples, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, 1), nn.Sigmoid(),
        )

    def forward(self, waves):
        return self.net(waves).squeeze(-1)
