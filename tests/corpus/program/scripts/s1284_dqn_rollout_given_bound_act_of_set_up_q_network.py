# expect: LXF031
# oracle: RAISED RuntimeError: Cannot infer shape for dot operation: f32[16,32] <dot> f32[1]. Contracting dimension sizes are not compatible.
"""Epsilon-greedy DQN on a toy 1-D corridor, ported from a CleanRL-style GPU script to Fabric on TPU; the rollout collector is handed the Q-network's `act` method as its policy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Corridor:
    """N parallel corridors of length 8; reward 1 for reaching the right end."""

    def __init__(self, num_envs, length=8, device="cpu"):
        self.num_envs, self.length, self.device = num_envs, length, device
        self.pos = torch.zeros(num_envs, dtype=torch.long, device=device)

    def obs(self):
        return F.one_hot(self.pos, self.length).float()

    def reset(self):
        self.pos.zero_()
        return self.obs()

    def step(self, action):
        self.pos = (self.pos + action * 2 - 1).clamp(0, self.length - 1)
        done = self.pos == self.length - 1
        reward = done.float()
        self.pos = torch.where(done, torch.zeros_like(self.pos), self.pos)
        return self.obs(), reward, done


class QNetwork(nn.Module):
    def __init__(self, obs_dim=8, actions=2, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, actions)

    def forward(self, obs):
        return self.head(self.body(obs))

    @torch.no_grad()
    def act(self, obs, epsilon):
        greedy = self.head(self.body(obs)).argmax(-1)
        explore = torch.rand(obs.shape[0], device=obs.device) < epsilon
        random_actions = torch.randint(0, 2, (obs.shape[0],), device=obs.device)
        return torch.where(explore, random_actions, greedy)


def collect(env, policy, obs, steps, epsilon):
    transitions = []
    for _ in range(steps):
        action = policy(obs, epsilon)
        next_obs, reward, done = env.step(action)
        transitions.append((obs, action, reward, next_obs, done))
        obs = next_obs
    return transitions, obs


def td_loss(q_network, batch, gamma=0.9):
    obs, action, reward, next_obs, done = (torch.cat(x) for x in zip(*batch))
    q = q_network(obs).gather(1, action[:, None]).squeeze(1)
    with torch.no_grad():
        target = reward + gamma * q_network(next_obs).max(-1).values * (~done).float()
    return F.smooth_l1_loss(q, target)


def train(fabric, iterations=3, num_envs=16):
    env = Corridor(num_envs, device=fabric.device)
    q_network = fabric.setup_module(QNetwork())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(q_network.parameters(), lr=2.5e-4))
    obs = env.reset()
    for it in range(iterations):
        epsilon = max(0.05, 1.0 - it / iterations)
        batch, obs = collect(env, q_network.act, obs, steps=4, epsilon=epsilon)
        loss = td_loss(q_network, batch)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        fabric.print(f"iteration {it}: td loss {loss.item():.4f}, epsilon {epsilon:.2f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Sequential}))
    fabric.launch(train)
