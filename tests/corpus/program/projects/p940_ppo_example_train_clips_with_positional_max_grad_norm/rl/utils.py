import argparse
import math
from types import SimpleNamespace
from typing import Optional

import torch


def strtobool(val: str) -> bool:
    """distutils.util.strtobool (distutils is gone in Python 3.12)."""
    val = val.lower()
    if val in ("y", "yes", "t", "true", "on", "1"):
        return True
    if val in ("n", "no", "f", "false", "off", "0"):
        return False
    raise ValueError(f"invalid truth value {val!r}")


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exp-name", type=str, default="default", help="the name of this experiment")

    # PyTorch arguments
    parser.add_argument("--seed", type=int, default=42, help="seed of the experiment")
    parser.add_argument(
        "--torch-deterministic",
        type=lambda x: bool(strtobool(x)),
        default=True,
        nargs="?",
        const=True,
        help="if toggled, `torch.backends.cudnn.deterministic=False`",
    )

    # Distributed arguments
    parser.add_argument("--num-envs", type=int, default=2, help="the number of parallel game environments")
    parser.add_argument("--per-rank-batch-size", type=int, default=8, help="the batch size for each rank")

    # Environment arguments
    parser.add_argument("--env-id", type=str, default="CartPole-v1", help="the id of the environment")
    parser.add_argument(
        "--num-steps", type=int, default=8, help="the number of steps to run in each environment per policy rollout"
    )

    # PPO arguments
    parser.add_argument("--total-timesteps", type=int, default=32, help="total timesteps of the experiments")
    parser.add_argument("--learning-rate", type=float, default=1e-3, help="the learning rate of the optimizer")
    parser.add_argument(
        "--anneal-lr",
        type=lambda x: bool(strtobool(x)),
        default=False,
        nargs="?",
        const=True,
        help="Toggle learning rate annealing for policy and value networks",
    )
    parser.add_argument("--gamma", type=float, default=0.99, help="the discount factor gamma")
    parser.add_argument(
        "--gae-lambda", type=float, default=0.95, help="the lambda for the general advantage estimation"
    )
    parser.add_argument("--update-epochs", type=int, default=1, help="the K epochs to update the policy")
    parser.add_argument(
        "--activation-function",
        type=str,
        default="relu",
        choices=["relu", "tanh"],
        help="The activation function of the model",
    )
    parser.add_argument(
        "--ortho-init",
        type=lambda x: bool(strtobool(x)),
        default=False,
        nargs="?",
        const=True,
        help="Toggles the orthogonal initialization of the model",
    )
    parser.add_argument(
        "--normalize-advantages",
        type=lambda x: bool(strtobool(x)),
        default=False,
        nargs="?",
        const=True,
        help="Toggles advantages normalization",
    )
    parser.add_argument("--clip-coef", type=float, default=0.2, help="the surrogate clipping coefficient")
    parser.add_argument(
        "--clip-vloss",
        type=lambda x: bool(strtobool(x)),
        default=False,
        nargs="?",
        const=True,
        help="Toggles whether or not to use a clipped loss for the value function, as per the paper.",
    )
    parser.add_argument("--ent-coef", type=float, default=0.0, help="coefficient of the entropy")
    parser.add_argument("--vf-coef", type=float, default=1.0, help="coefficient of the value function")
    parser.add_argument("--max-grad-norm", type=float, default=0.5, help="the maximum norm for the gradient clipping")
    args = parser.parse_args()
    return args


def layer_init(
    layer: torch.nn.Module,
    std: float = math.sqrt(2),
    bias_const: float = 0.0,
    ortho_init: bool = True,
):
    if ortho_init:
        torch.nn.init.orthogonal_(layer.weight, std)
        torch.nn.init.constant_(layer.bias, bias_const)
    return layer


def linear_annealing(optimizer: torch.optim.Optimizer, update: int, num_updates: int, initial_lr: float):
    frac = 1.0 - (update - 1.0) / num_updates
    lrnow = frac * initial_lr
    for pg in optimizer.param_groups:
        pg["lr"] = lrnow


class MeanMetric:
    """torchmetrics.MeanMetric, reduced with `fabric.all_reduce` instead of torchmetrics' own process group."""

    def __init__(self, fabric):
        self.fabric = fabric
        self.reset()

    def __call__(self, value):
        self.total += float(value)
        self.count += 1

    def compute(self) -> torch.Tensor:
        stats = self.fabric.all_reduce(torch.tensor([self.total, float(self.count)]), reduce_op="sum")
        return stats[0] / stats[1]  # nan when no episode ended anywhere

    def reset(self):
        self.total, self.count = 0.0, 0


class SyncVectorEnv:
    """Stands in for `gym.vector.SyncVectorEnv([make_env("CartPole-v1", ...)])`: 4-d observations, 2 actions, reward 1
    per step, episodes of random length, `final_info` with RecordEpisodeStatistics' `episode` entries."""

    def __init__(self, num_envs: int, seed: int):
        self.num_envs = num_envs
        self.single_observation_space = SimpleNamespace(shape=(4,))
        self.single_action_space = SimpleNamespace(shape=(), n=2)
        self.generator = torch.Generator().manual_seed(seed)
        self._ep_len = [0] * num_envs

    def reset(self, seed: Optional[int] = None):
        self._ep_len = [0] * self.num_envs
        return torch.randn(self.num_envs, 4, generator=self.generator).numpy(), {}

    def step(self, actions):
        obs = torch.randn(self.num_envs, 4, generator=self.generator).numpy()
        reward = [1.0] * self.num_envs
        terminated = (torch.rand(self.num_envs, generator=self.generator) < 0.2).numpy()
        truncated = [False] * self.num_envs
        final_info = [None] * self.num_envs
        for i in range(self.num_envs):
            self._ep_len[i] += 1
            if terminated[i]:
                final_info[i] = {"episode": {"r": [float(self._ep_len[i])], "l": [self._ep_len[i]]}}
                self._ep_len[i] = 0
        info = {"final_info": final_info} if any(f is not None for f in final_info) else {}
        return obs, reward, terminated, truncated, info

    def close(self):
        pass


def make_env(env_id: str, seed: int, num_envs: int) -> SyncVectorEnv:
    assert env_id == "CartPole-v1", "only the CartPole stand-in is available here"
    return SyncVectorEnv(num_envs, seed)
