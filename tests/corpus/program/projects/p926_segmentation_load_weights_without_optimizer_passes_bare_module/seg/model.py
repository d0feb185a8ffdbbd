"""A tiny fully-convolutional segmenter for 24x24 images with two classes (background, blob)."""
import torch.nn.functional as F
from torch import nn


class Stage(nn.Module):
    def __init__(self, cin, cout, dilation=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=dilation, dilation=dilation)

    def forward(self, x):
        return F.relu(self.conv(x))


class Segmenter(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.stages = nn.Sequential(Stage(3, width), Stage(width, width, 2), Stage(width, width, 4))
        self.classifier = nn.Conv2d(width, 2, 1)

    def forward(self, images):
        return self.classifier(self.stages(images))
