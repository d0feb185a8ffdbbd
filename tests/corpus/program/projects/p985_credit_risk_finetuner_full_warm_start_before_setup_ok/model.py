"""Default-risk scorer: a residual MLP over the applicant's tabular features."""
from torch import nn


class RiskBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Dropout(0.1))

    def forward(self, x):
        return x + self.fc(x)


class RiskMLP(nn.Module):
    def __init__(self, features: int, hidden: int):
        super().__init__()
        self.inp = nn.Linear(features, hidden)
        self.blocks = nn.Sequential(RiskBlock(hidden), RiskBlock(hidden))
        self.logit = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.logit(self.blocks(self.inp(x))).squeeze(-1)
