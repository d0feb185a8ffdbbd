"""The Net of Lightning Fabric's image_classifier example, split into wrap-able stages."""
import torch
import torch.nn.functional as F
from torch import nn


class ConvStage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, 1)

    def forward(self, x):
        return F.relu(self.conv(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = ConvStage(1, 8)
        self.conv2 = ConvStage(8, 16)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(16 * 12 * 12, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.max_pool2d(self.conv2(self.conv1(x)), 2)
        x = torch.flatten(self.dropout1(x), 1)
        x = self.dropout2(F.relu(self.fc1(x)))
        return F.log_softmax(self.fc2(x), dim=1)
