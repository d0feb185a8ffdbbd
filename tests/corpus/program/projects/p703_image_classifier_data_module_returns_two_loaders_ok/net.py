import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.dropout = nn.Dropout(0.25)
        self.fc1 = nn.Linear(8 * 13 * 13, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = self.dropout(torch.flatten(x, 1))
        return F.log_softmax(self.fc2(F.relu(self.fc1(x))), dim=1)
