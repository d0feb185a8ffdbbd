from torch import nn


class BeatClassifier(nn.Module):
    def __init__(self, classes, channels=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, channels, 7, padding=3), nn.BatchNorm1d(channels), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(channels, 2 * channels, 5, padding=2), nn.BatchNorm1d(2 * channels), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.head = nn.Linear(2 * channels, classes)

    def forward(self, signal):
        return self.head(self.features(signal).flatten(1))
