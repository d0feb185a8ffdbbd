"""Actor-critic agent, after examples/fabric/reinforcement_learning/rl/agent.py (one forward returns logits and value)."""
import torch
from torch import nn


def layer_init(layer, std=2 ** 0.5, bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class MLPHead(nn.Module):
    def __init__(self, obs_dim, out_dim, std):
        super().__init__()
        self.net = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 32)), nn.Tanh(), layer_init(nn.Linear(32, 32)), nn.Tanh(),
            layer_init(nn.Linear(32, out_dim), std=std),
        )

    def forward(self, x):
        return self.net(x)


class PPOAgent(nn.Module):
    def __init__(self, obs_dim: int, num_actions: int):
        super().__init__()
        self.critic = MLPHead(obs_dim, 1, std=1.0)
        self.actor = MLPHead(obs_dim, num_actions, std=0.01)

    def forward(self, obs):
        return self.actor(obs), self.critic(obs).squeeze(-1)
