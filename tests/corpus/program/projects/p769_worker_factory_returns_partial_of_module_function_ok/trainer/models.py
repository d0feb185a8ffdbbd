"""A small ConvNet for 32x32 images."""
from torch import nn


class ConvStage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))

    def forward(self, x):
        return self.body(x)


class ConvNet(nn.Module):
    def __init__(self, widths=(16, 32), classes=10):
        super().__init__()
        stages, cin = [], 3
        for w in widths:
            stages.append(ConvStage(cin, w))
            cin = w
        self.stages = nn.Sequential(*stages)
        self.head = nn.Linear(cin, classes)

    def forward(self, x):
        return self.head(self.stages(x).mean(dim=(2, 3)))
