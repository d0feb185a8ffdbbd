"""Policy and value networks of the advantage actor-critic agent."""
from torch import nn


class MLPBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = nn.Tanh()

    def forward(self, x):
        return self.act(self.fc(x))


class PolicyNet(nn.Module):
    def __init__(self, obs_dim: int, n_actions: int, hidden: int = 64):
        super().__init__()
        self.inp = nn.Linear(obs_dim, hidden)
        self.body = MLPBlock(hidden)
        self.logits = nn.Linear(hidden, n_actions)

    def forward(self, obs):
        return self.logits(self.body(self.inp(obs)))


class ValueNet(nn.Module):
    def __init__(self, obs_dim: int, hidden: int = 64):
        super().__init__()
        self.inp = nn.Linear(obs_dim, hidden)
        self.body = MLPBlock(hidden)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        return self.v(self.body(self.inp(obs))).squeeze(-1)
