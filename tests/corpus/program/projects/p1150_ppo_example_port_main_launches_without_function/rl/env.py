"""A vectorised toy environment in torch (stands in for gym's SyncVectorEnv of CartPole)."""
import torch


class TargetReach:
    def __init__(self, num_envs: int, obs_dim: int = 4, device="cpu", seed: int = 0):
        self.num_envs, self.obs_dim, self.device = num_envs, obs_dim, device
        self.gen = torch.Generator().manual_seed(seed)
        self.state = torch.zeros(num_envs, obs_dim)
        self.t = torch.zeros(num_envs)

    def reset(self):
        self.state = torch.randn(self.num_envs, self.obs_dim, generator=self.gen)
        self.t.zero_()
        return self.state.to(self.device)

    def step(self, action):
        action = action.cpu()
        self.state[:, 0] += torch.where(action == 1, 0.1, -0.1)
        reward = -self.state[:, 0].abs()
        self.t += 1
        done = self.t >= 8
        self.state[done] = torch.randn(int(done.sum()), self.obs_dim, generator=self.gen)
        self.t[done] = 0
        return self.state.to(self.device), reward.to(self.device), done.float().to(self.device)
