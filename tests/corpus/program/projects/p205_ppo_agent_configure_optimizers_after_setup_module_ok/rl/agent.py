"""The PPO agent of Lightning's fabric reinforcement-learning example: a critic and an actor over one observation."""
import torch
from torch import nn
from torch.distributions import Categorical

from rl.utils import layer_init


class PPOLightningAgent(nn.Module):
    def __init__(self, obs_dim: int, num_actions: int, act_fun: str = "relu", ortho_init: bool = False):
        super().__init__()
        act = nn.ReLU() if act_fun == "relu" else nn.Tanh()
        self.critic = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64), ortho_init=ortho_init), act,
            layer_init(nn.Linear(64, 1), std=1.0, ortho_init=ortho_init),
        )
        self.actor = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64), ortho_init=ortho_init), act,
            layer_init(nn.Linear(64, num_actions), std=0.01, ortho_init=ortho_init),
        )

    def forward(self, obs, action=None):
        logits = self.actor(obs)
        distribution = Categorical(logits=logits)
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy(), self.critic(obs)

    def configure_optimizers(self, lr: float):
        return torch.optim.Adam(self.parameters(), lr=lr, eps=1e-4)
