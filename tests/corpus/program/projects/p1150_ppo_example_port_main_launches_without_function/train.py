# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# flagged-in: train.py
"""PPO on a toy vectorised environment: Lightning Fabric's reinforcement_learning example (train_fabric.py, started with `fabric run` on GPUs), ported to run as `python train.py` on a TPU VM."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.distributions import Categorical

from rl.agent import MLPHead, PPOAgent
from rl.env import TargetReach
from rl.loss import entropy_loss, policy_loss, value_loss
from rl.utils import linear_annealing, parse_args


def compute_gae(rewards, values, dones, next_value, gamma, gae_lambda):
    advantages = torch.zeros_like(rewards)
    lastgaelam = 0.0
    for t in reversed(range(rewards.size(0))):
        nextvalues = next_value if t == rewards.size(0) - 1 else values[t + 1]
        nextnonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        lastgaelam = delta + gamma * gae_lambda * nextnonterminal * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values


def run(fabric, args):
    fabric.seed_everything(args.seed)
    envs = TargetReach(args.num_envs, device=fabric.device, seed=args.seed + fabric.global_rank)
    agent = fabric.setup_module(PPOAgent(obs_dim=4, num_actions=2))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-4))

    num_updates = args.total_timesteps // (args.num_envs * args.num_steps)
    next_obs = envs.reset()
    for update in range(1, num_updates + 1):
        if args.anneal_lr:
            linear_annealing(optimizer, update, num_updates, args.learning_rate)
        obs, actions, logprobs, rewards, dones, values = [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(args.num_steps):
                logits, value = agent(next_obs)
                dist = Categorical(logits=logits)
                action = dist.sample()
                obs.append(next_obs)
                actions.append(action)
                logprobs.append(dist.log_prob(action))
                values.append(value)
                next_obs, reward, done = envs.step(action)
                rewards.append(reward)
                dones.append(done)
            _, next_value = agent(next_obs)
        rewards, values, dones = torch.stack(rewards), torch.stack(values), torch.stack(dones)
        advantages, returns = compute_gae(rewards, values, dones, next_value, args.gamma, args.gae_lambda)

        b_obs, b_actions, b_logprobs = torch.cat(obs), torch.cat(actions), torch.cat(logprobs)
        b_adv, b_returns = advantages.reshape(-1), returns.reshape(-1)
        for _ in range(args.update_epochs):
            logits, new_values = agent(b_obs)
            dist = Categorical(logits=logits)
            ratio = (dist.log_prob(b_actions) - b_logprobs).exp()
            norm_adv = (b_adv - b_adv.mean()) / (b_adv.std() + 1e-8)
            loss = (
                policy_loss(norm_adv, ratio, args.clip_coef)
                + args.vf_coef * value_loss(new_values, b_returns)
                + args.ent_coef * entropy_loss(dist.entropy())
            )
            optimizer.zero_grad(set_to_none=True)
            fabric.backward(loss)
            fabric.clip_gradients(agent, optimizer, max_norm=args.max_grad_norm)
            optimizer.step()
        fabric.print(f"update {update}/{num_updates}: loss {loss.item():.4f}, mean reward {rewards.mean().item():.3f}")


def main(args):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MLPHead}))
    fabric.launch()
    run(fabric, args)


if __name__ == "__main__":
    main(parse_args())
