"""PPO agent of Lightning's examples/fabric/reinforcement_learning, as a plain nn.Module."""
import math

import torch
from torch import Tensor, nn
from torch.distributions import Categorical

from rl.loss import entropy_loss, policy_loss, value_loss

# Methods the training script calls on the set-up agent besides forward: under XLA FSDP they
# must go through the sharded wrapper (`mark_forward_method`) so the full weights are gathered.
FORWARD_METHODS = ("get_action_and_value",)


def layer_init(layer, std=math.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class PPOAgent(nn.Module):
    def __init__(self, obs_dim, num_actions, act_fun="tanh", vf_coef=1.0, ent_coef=0.0, clip_coef=0.2, normalize_advantages=False):
        super().__init__()
        act = nn.Tanh if act_fun.lower() == "tanh" else nn.ReLU
        self.vf_coef, self.ent_coef, self.clip_coef = vf_coef, ent_coef, clip_coef
        self.normalize_advantages = normalize_advantages
        self.critic = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64)), act(), layer_init(nn.Linear(64, 64)), act(), layer_init(nn.Linear(64, 1), std=1.0)
        )
        self.actor = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64)), act(), layer_init(nn.Linear(64, 64)), act(), layer_init(nn.Linear(64, num_actions), std=0.01)
        )

    def get_action(self, x: Tensor, action: Tensor = None):
        distribution = Categorical(logits=self.actor(x))
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy()

    def get_value(self, x: Tensor) -> Tensor:
        return self.critic(x)

    def get_action_and_value(self, x: Tensor, action: Tensor = None):
        action, log_prob, entropy = self.get_action(x, action)
        return action, log_prob, entropy, self.get_value(x)

    def forward(self, x: Tensor, action: Tensor = None):
        return self.get_action_and_value(x, action)

    @torch.no_grad()
    def estimate_returns_and_advantages(self, rewards, values, dones, next_obs, next_done, num_steps, gamma, gae_lambda):
        next_value = self.get_value(next_obs).reshape(1, -1)
        advantages = torch.zeros_like(rewards)
        lastgaelam = 0
        for t in reversed(range(num_steps)):
            if t == num_steps - 1:
                nextnonterminal, nextvalues = torch.logical_not(next_done), next_value
            else:
                nextnonterminal, nextvalues = torch.logical_not(dones[t + 1]), values[t + 1]
            delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
            advantages[t] = lastgaelam = delta + gamma * gae_lambda * nextnonterminal * lastgaelam
        return advantages + values, advantages

    def training_step(self, batch):
        _, logprobs, entropy, newvalue = self(batch["obs"], batch["actions"].long())
        advantages = batch["advantages"]
        if self.normalize_advantages:
            advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        pg_loss = policy_loss(advantages, logprobs - batch["logprobs"], self.clip_coef)
        v_loss = value_loss(newvalue, batch["values"], batch["returns"], self.clip_coef, False, self.vf_coef)
        return pg_loss + self.ent_coef * entropy_loss(entropy) + v_loss
