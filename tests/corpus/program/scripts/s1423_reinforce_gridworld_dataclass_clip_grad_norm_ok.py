# expect: none
# oracle: OK
# twin: s1422_reinforce_gridworld_dataclass_clip_grad_value
"""REINFORCE with a learned baseline on a tiny 5x5 gridworld (goal in the corner), sharded with XLA FSDP on TPU."""
from dataclasses import dataclass

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

MOVES = torch.tensor([[0, 1], [0, -1], [1, 0], [-1, 0]])


@dataclass
class PGConfig:
    grid: int = 5
    horizon: int = 12
    episodes_per_update: int = 16
    updates: int = 3
    gamma: float = 0.97
    lr: float = 1e-3
    entropy_coef: float = 0.01
    grad_clip: float = 0.5


class GridWorld:
    """Batched gridworld: agents start at (0, 0) and get +1 on reaching the far corner, -0.01 per step."""

    def __init__(self, size, batch):
        self.size, self.batch = size, batch
        self.pos = torch.zeros(batch, 2, dtype=torch.long)

    def reset(self):
        self.pos.zero_()
        return self.observe()

    def observe(self):
        obs = torch.zeros(self.batch, self.size * self.size)
        obs[torch.arange(self.batch), self.pos[:, 0] * self.size + self.pos[:, 1]] = 1.0
        return obs

    def step(self, actions):
        self.pos = (self.pos + MOVES[actions]).clamp(0, self.size - 1)
        done = (self.pos == self.size - 1).all(dim=1)
        reward = done.float() - 0.01
        return self.observe(), reward, done


class PolicyValueNet(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy_head = nn.Linear(hidden, n_actions)
        self.value_head = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.body(obs)
        return self.policy_head(h), self.value_head(h).squeeze(-1)


def discounted_returns(rewards, gamma):
    returns, running = [], torch.zeros_like(rewards[0])
    for r in reversed(rewards):
        running = r + gamma * running
        returns.append(running)
    return torch.stack(returns[::-1])


def rollout(fabric, agent, env, cfg):
    obs = env.reset()
    log_probs, values, rewards, entropies = [], [], [], []
    alive = torch.ones(env.batch)
    for _ in range(cfg.horizon):
        logits, value = agent(obs.to(fabric.device))
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        obs, reward, done = env.step(action.cpu())
        log_probs.append(dist.log_prob(action))
        values.append(value)
        entropies.append(dist.entropy())
        rewards.append((reward * alive).to(fabric.device))
        alive = alive * (~done).float()
    return torch.stack(log_probs), torch.stack(values), rewards, torch.stack(entropies)


def update(fabric, agent, optimizer, env, cfg):
    log_probs, values, rewards, entropies = rollout(fabric, agent, env, cfg)
    returns = discounted_returns(rewards, cfg.gamma)
    advantage = (returns - values).detach()
    policy_loss = -(log_probs * advantage).mean()
    value_loss = 0.5 * (returns - values).pow(2).mean()
    loss = policy_loss + value_loss - cfg.entropy_coef * entropies.mean()
    optimizer.zero_grad()
    fabric.backward(loss)
    fabric.clip_gradients(agent, optimizer, max_norm=cfg.grad_clip)
    optimizer.step()
    return loss.item(), rewards[-1].mean().item()


def train(fabric, cfg):
    env = GridWorld(cfg.grid, cfg.episodes_per_update)
    agent = fabric.setup_module(PolicyValueNet(cfg.grid * cfg.grid, len(MOVES)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(agent.parameters(), lr=cfg.lr))
    for step in range(cfg.updates):
        loss, final_reward = update(fabric, agent, optimizer, env, cfg)
        fabric.print(f"update {step}: loss {loss:.3f}, final-step reward {final_reward:.3f}")


if __name__ == "__main__":
    cfg = PGConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train, cfg)
