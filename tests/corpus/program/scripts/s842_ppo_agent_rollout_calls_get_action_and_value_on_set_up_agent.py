# expect: LXF031
# oracle: RAISED RuntimeError: Cannot infer shape for dot operation: f32[16,8] <dot> f32[1]. Contracting dimension sizes are not compatible.
"""Port of lightning's fabric/reinforcement_learning PPO example to XLAFSDP: the rollout asks the agent for actions."""
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.distributions import Categorical


def layer_init(layer, std=2**0.5, bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class PPOAgent(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.critic = nn.Sequential(layer_init(nn.Linear(obs_dim, 64)), nn.Tanh(), layer_init(nn.Linear(64, 1), std=1.0))
        self.actor = nn.Sequential(layer_init(nn.Linear(obs_dim, 64)), nn.Tanh(), layer_init(nn.Linear(64, n_actions), std=0.01))

    def get_action_and_value(self, x, action=None):
        logits = self.actor(x)
        distribution = Categorical(logits=logits)
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy(), self.critic(x)

    def forward(self, x, action=None):
        return self.get_action_and_value(x, action)


def collect_rollout(fabric, agent, obs_dim, num_steps):
    obs = torch.randn(num_steps, obs_dim, device=fabric.device)
    with torch.no_grad():
        actions, logprobs, _, values = agent.get_action_and_value(obs)
    return obs, actions, logprobs, values.flatten()


def main(fabric, args):
    agent = fabric.setup_module(PPOAgent(args.obs_dim, args.n_actions))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5))
    for _ in range(args.updates):
        obs, actions, old_logprobs, values = collect_rollout(fabric, agent, args.obs_dim, args.num_steps)
        _, newlogprob, entropy, newvalue = agent(obs, actions)
        ratio = (newlogprob - old_logprobs).exp()
        loss = -(ratio * values).mean() + 0.5 * newvalue.pow(2).mean() - args.ent_coef * entropy.mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--obs-dim", type=int, default=8)
    parser.add_argument("--n-actions", type=int, default=4)
    parser.add_argument("--num-steps", type=int, default=16)
    parser.add_argument("--updates", type=int, default=1)
    parser.add_argument("--learning-rate", type=float, default=2.5e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, args)
