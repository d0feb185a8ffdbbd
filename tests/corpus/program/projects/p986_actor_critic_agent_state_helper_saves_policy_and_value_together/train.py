# expect: LXF024
# oracle: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
# flagged-in: utils/checkpoint.py
"""python train.py: a few advantage actor-critic updates on a contextual bandit, then a preemption checkpoint."""
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from rl.env import ContextBandit
from rl.networks import MLPBlock, PolicyNet, ValueNet
from utils.checkpoint import agent_state, save_agent

OBS, ACTIONS, UPDATES = 8, 4, 3


def train(fabric, run_dir):
    env = ContextBandit(OBS, ACTIONS)
    policy = fabric.setup_module(PolicyNet(OBS, ACTIONS))
    value_fn = fabric.setup_module(ValueNet(OBS))
    policy_opt = fabric.setup_optimizers(torch.optim.Adam(policy.parameters(), lr=3e-4))
    value_opt = fabric.setup_optimizers(torch.optim.Adam(value_fn.parameters(), lr=1e-3))

    for update in range(1, UPDATES + 1):
        obs = env.observe(32)
        dist = torch.distributions.Categorical(logits=policy(obs.to(fabric.device)))
        actions = dist.sample()
        reward = env.reward(obs, actions.cpu()).to(fabric.device)
        value = value_fn(obs.to(fabric.device))
        advantage = (reward - value).detach()
        policy_loss = -(dist.log_prob(actions) * advantage).mean() - 0.01 * dist.entropy().mean()
        value_loss = (reward - value).pow(2).mean()
        fabric.backward(policy_loss)
        fabric.backward(value_loss)
        policy_opt.step()
        value_opt.step()
        policy_opt.zero_grad()
        value_opt.zero_grad()
        fabric.print(f"update {update}: mean reward {reward.mean().item():.2f}")

    path = save_agent(fabric, run_dir, agent_state(policy, value_fn, policy_opt, value_opt, UPDATES))
    fabric.print(f"saved {path}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MLPBlock}))
    fabric.launch(train, tempfile.mkdtemp(prefix="a2c-"))
