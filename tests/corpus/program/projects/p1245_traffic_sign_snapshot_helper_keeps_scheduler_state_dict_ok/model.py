"""Small CNN for 24x24 traffic-sign crops."""
from torch import nn


class SignNet(nn.Module):
    def __init__(self, classes=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten(),
        )
        self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(128, classes))

    def forward(self, x):
        return self.classifier(self.features(x))
