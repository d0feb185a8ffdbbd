# expect: none
# oracle: OK
# twin: s1004_ppo_example_setup_agent_builds_optimizer_before_setup_module
"""python train_fabric.py: Lightning's Fabric PPO example (reinforcement_learning/train_fabric.py with its PPOLightningAgent) ported to XLA FSDP on a TPU VM; a stub vector env replaces gymnasium's CartPole."""
import argparse
import math
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.distributions import Categorical
from torch.utils.data import BatchSampler, RandomSampler

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class CartPoleVectorEnv:
    """Stands in for gym.vector.SyncVectorEnv([make_env("CartPole-v1", ...)]): 4-d observations, 2 actions."""

    class _Space:
        def __init__(self, shape=(), n=None):
            self.shape, self.n = shape, n

    def __init__(self, num_envs: int, seed: int) -> None:
        self.num_envs = num_envs
        self.single_observation_space = self._Space(shape=(4,))
        self.single_action_space = self._Space(n=2)
        self._rng = np.random.default_rng(seed)
        self._t = np.zeros(num_envs, dtype=np.int64)

    def reset(self, seed=None):
        self._t[:] = 0
        return self._rng.normal(size=(self.num_envs, 4)).astype(np.float32), {}

    def step(self, actions):
        self._t += 1
        obs = self._rng.normal(size=(self.num_envs, 4)).astype(np.float32)
        rewards = np.ones(self.num_envs, dtype=np.float32)
        terminated = self._t >= 6
        self._t[terminated] = 0
        return obs, rewards, terminated, np.zeros(self.num_envs, dtype=bool), {}

    def close(self):
        pass


def layer_init(layer: nn.Linear, std: float = math.sqrt(2), bias_const: float = 0.0, ortho_init: bool = True):
    if ortho_init:
        torch.nn.init.orthogonal_(layer.weight, std)
        torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class PPOLightningAgent(nn.Module):
    def __init__(self, envs, act_fun: str = "relu", ortho_init: bool = False, vf_coef: float = 1.0,
                 ent_coef: float = 0.0, clip_coef: float = 0.2, clip_vloss: bool = False,
                 normalize_advantages: bool = False) -> None:
        super().__init__()
        act_fun = {"relu": nn.ReLU(), "tanh": nn.Tanh()}[act_fun.lower()]
        self.vf_coef, self.ent_coef, self.clip_coef = vf_coef, ent_coef, clip_coef
        self.clip_vloss, self.normalize_advantages = clip_vloss, normalize_advantages
        obs_dim = math.prod(envs.single_observation_space.shape)
        self.critic = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64), ortho_init=ortho_init), act_fun,
            layer_init(nn.Linear(64, 1), std=1.0, ortho_init=ortho_init),
        )
        self.actor = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64), ortho_init=ortho_init), act_fun,
            layer_init(nn.Linear(64, envs.single_action_space.n), std=0.01, ortho_init=ortho_init),
        )

    def forward(self, x: torch.Tensor, action=None):
        logits = self.actor(x)
        distribution = Categorical(logits=logits)
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy(), self.critic(x)

    def training_step(self, batch):
        _, newlogprob, entropy, newvalue = self(batch["obs"], batch["actions"].long())
        logratio = newlogprob - batch["logprobs"]
        ratio = logratio.exp()
        advantages = batch["advantages"]
        if self.normalize_advantages:
            advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        pg_loss = torch.max(-advantages * ratio, -advantages * torch.clamp(ratio, 1 - self.clip_coef, 1 + self.clip_coef)).mean()
        v_loss = F.mse_loss(newvalue.view(-1), batch["returns"])
        return pg_loss + self.vf_coef * v_loss - self.ent_coef * entropy.mean()

    def configure_optimizers(self, lr: float):
        return torch.optim.Adam(self.parameters(), lr=lr, eps=1e-4)


def linear_annealing(optimizer, update: int, num_updates: int, initial_lr: float):
    frac = 1.0 - (update - 1.0) / num_updates
    for pg in optimizer.param_groups:
        pg["lr"] = frac * initial_lr


def estimate_returns_and_advantages(rewards, values, dones, next_value, next_done, num_steps, gamma, gae_lambda):
    lastgaelam = 0
    advantages = torch.zeros_like(rewards)
    for t in reversed(range(num_steps)):
        if t == num_steps - 1:
            nextnonterminal, nextvalues = 1.0 - next_done, next_value
        else:
            nextnonterminal, nextvalues = 1.0 - dones[t + 1], values[t + 1]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        advantages[t] = lastgaelam = delta + gamma * gae_lambda * nextnonterminal * lastgaelam
    return advantages + values, advantages


def setup_agent(fabric: Fabric, envs, args):
    # Define the agent and the optimizer and setup them with Fabric.
    # XLA FSDP cannot set both up in one `fabric.setup` call: the agent first, then the optimizer.
    agent = PPOLightningAgent(envs, act_fun=args.activation_function, vf_coef=args.vf_coef, ent_coef=args.ent_coef,
                              clip_coef=args.clip_coef, ortho_init=args.ortho_init,
                              normalize_advantages=args.normalize_advantages)
    agent = fabric.setup_module(agent)
    optimizer = fabric.setup_optimizers(agent.configure_optimizers(args.learning_rate))
    return agent, optimizer


def train(fabric: Fabric, agent, optimizer, data, args):
    sampler = BatchSampler(RandomSampler(list(range(data["obs"].shape[0]))), batch_size=args.per_rank_batch_size, drop_last=False)
    for _ in range(args.update_epochs):
        for batch_idxes in sampler:
            loss = agent.training_step({k: v[batch_idxes] for k, v in data.items()})
            optimizer.zero_grad(set_to_none=True)
            fabric.backward(loss)
            fabric.clip_gradients(agent, optimizer, max_norm=args.max_grad_norm)
            optimizer.step()


def main(fabric: Fabric, args):
    world_size = fabric.world_size
    device = fabric.device
    fabric.seed_everything(args.seed)

    # Environment setup
    envs = CartPoleVectorEnv(args.num_envs, args.seed + fabric.global_rank * args.num_envs)

    agent, optimizer = setup_agent(fabric, envs, args)
    agent.mark_forward_method("training_step")

    # Local data
    obs = torch.zeros((args.num_steps, args.num_envs) + envs.single_observation_space.shape, device=device)
    actions = torch.zeros((args.num_steps, args.num_envs), device=device)
    logprobs = torch.zeros((args.num_steps, args.num_envs), device=device)
    rewards = torch.zeros((args.num_steps, args.num_envs), device=device)
    dones = torch.zeros((args.num_steps, args.num_envs), device=device)
    values = torch.zeros((args.num_steps, args.num_envs), device=device)

    global_step = 0
    start_time = time.time()
    single_global_rollout = int(args.num_envs * args.num_steps * world_size)
    num_updates = args.total_timesteps // single_global_rollout

    next_obs = torch.tensor(envs.reset(seed=args.seed)[0], device=device)
    next_done = torch.zeros(args.num_envs, device=device)
    for update in range(1, num_updates + 1):
        if args.anneal_lr:
            linear_annealing(optimizer, update, num_updates, args.learning_rate)
        for step in range(0, args.num_steps):
            global_step += args.num_envs * world_size
            obs[step] = next_obs
            dones[step] = next_done
            with torch.no_grad():
                action, logprob, _, value = agent(next_obs)
                values[step] = value.flatten()
            actions[step] = action
            logprobs[step] = logprob
            next_obs, reward, done, truncated, info = envs.step(action.cpu().numpy())
            done = np.logical_or(done, truncated)
            rewards[step] = torch.tensor(reward, device=device).view(-1)
            next_obs, next_done = torch.tensor(next_obs, device=device), torch.tensor(done, device=device, dtype=torch.float32)

        with torch.no_grad():
            next_value = agent(next_obs)[3].reshape(1, -1)
        returns, advantages = estimate_returns_and_advantages(
            rewards, values, dones, next_value, next_done, args.num_steps, args.gamma, args.gae_lambda
        )
        local_data = {
            "obs": obs.reshape((-1,) + envs.single_observation_space.shape),
            "logprobs": logprobs.reshape(-1),
            "actions": actions.reshape(-1),
            "advantages": advantages.reshape(-1),
            "returns": returns.reshape(-1),
            "values": values.reshape(-1),
        }
        train(fabric, agent, optimizer, local_data, args)
        fabric.print(f"update {update}/{num_updates}: global_step={global_step}, SPS={int(global_step / (time.time() - start_time))}")
    envs.close()


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--num-envs", type=int, default=2)
    parser.add_argument("--num-steps", type=int, default=8)
    parser.add_argument("--total-timesteps", type=int, default=32)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--anneal-lr", action="store_true", default=True)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--update-epochs", type=int, default=1)
    parser.add_argument("--per-rank-batch-size", type=int, default=8)
    parser.add_argument("--activation-function", default="relu", choices=["relu", "tanh"])
    parser.add_argument("--ortho-init", action="store_true", default=False)
    parser.add_argument("--normalize-advantages", action="store_true", default=False)
    parser.add_argument("--clip-coef", type=float, default=0.2)
    parser.add_argument("--ent-coef", type=float, default=0.0)
    parser.add_argument("--vf-coef", type=float, default=1.0)
    parser.add_argument("--max-grad-norm", type=float, default=0.5)
    return parser.parse_args()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(main, args)
