import argparse

import torch


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--num-envs", type=int, default=2)
    parser.add_argument("--num-steps", type=int, default=8)
    parser.add_argument("--total-timesteps", type=int, default=16)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--anneal-lr", action="store_true", default=True)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--update-epochs", type=int, default=1)
    parser.add_argument("--per-rank-batch-size", type=int, default=8)
    parser.add_argument("--max-grad-norm", type=float, default=0.5)
    parser.add_argument("--vf-coef", type=float, default=1.0)
    parser.add_argument("--ent-coef", type=float, default=0.0)
    return parser.parse_args()


class RandomVectorEnv:
    """A CartPole-shaped stand-in for gym.vector.SyncVectorEnv (4-d observations, 2 actions)."""

    obs_dim, num_actions = 4, 2

    def __init__(self, num_envs, seed):
        self.num_envs = num_envs
        self.g = torch.Generator().manual_seed(seed)

    def reset(self):
        return torch.randn(self.num_envs, self.obs_dim, generator=self.g)

    def step(self, action):
        obs = torch.randn(self.num_envs, self.obs_dim, generator=self.g)
        reward = torch.ones(self.num_envs)
        done = torch.rand(self.num_envs, generator=self.g) < 0.1
        return obs, reward, done


def linear_annealing(optimizer, update, num_updates, initial_lr):
    frac = 1.0 - (update - 1.0) / num_updates
    for pg in optimizer.param_groups:
        pg["lr"] = frac * initial_lr
