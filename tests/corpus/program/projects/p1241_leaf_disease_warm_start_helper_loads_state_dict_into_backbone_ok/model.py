"""Small CNN: a backbone that can be warm-started from a pretrained file, plus a fresh head."""
from torch import nn


class Backbone(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.out_dim = 2 * width

    def forward(self, x):
        return self.features(x)


class LeafNet(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear(self.backbone.out_dim, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))
