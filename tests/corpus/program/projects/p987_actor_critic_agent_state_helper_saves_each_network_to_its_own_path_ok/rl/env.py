"""A toy contextual bandit: the reward is 1 when the action matches the argmax of the first observation entries."""
import torch


class ContextBandit:
    def __init__(self, obs_dim: int, n_actions: int, seed: int = 0):
        self.obs_dim, self.n_actions = obs_dim, n_actions
        self.gen = torch.Generator().manual_seed(seed)

    def observe(self, n: int):
        return torch.randn(n, self.obs_dim, generator=self.gen)

    def reward(self, obs, actions):
        return (obs[:, : self.n_actions].argmax(-1) == actions).float()
