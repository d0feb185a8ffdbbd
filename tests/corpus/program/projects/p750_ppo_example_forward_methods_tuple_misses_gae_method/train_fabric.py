# expect: LXF031
# oracle: RAISED RuntimeError: You are calling the method `PPOAgent.estimate_returns_and_advantages()` from outside the model. To avoid issues with the
# flagged-in: rl/agent.py
"""Lightning's reinforcement_learning/train_fabric.py (decoupled PPO) run under XLA FSDP on a TPU VM."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import BatchSampler, RandomSampler

from rl import agent as agent_module
from rl.agent import PPOAgent
from rl.utils import RandomVectorEnv, linear_annealing, parse_args


def train(fabric, agent, optimizer, data, args):
    sampler = BatchSampler(RandomSampler(range(data["obs"].shape[0])), batch_size=args.per_rank_batch_size, drop_last=False)
    for _ in range(args.update_epochs):
        for batch_idxes in sampler:
            loss = agent.training_step({k: v[batch_idxes] for k, v in data.items()})
            optimizer.zero_grad(set_to_none=True)
            fabric.backward(loss)
            fabric.clip_gradients(agent, optimizer, max_norm=args.max_grad_norm)
            optimizer.step()


def main(fabric: Fabric, args):
    fabric.seed_everything(args.seed)
    envs = RandomVectorEnv(args.num_envs, args.seed + fabric.global_rank)
    agent = fabric.setup_module(PPOAgent(envs.obs_dim, envs.num_actions, vf_coef=args.vf_coef, ent_coef=args.ent_coef))
    for name in agent_module.FORWARD_METHODS:
        agent.mark_forward_method(name)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-4))

    device = fabric.device
    obs = torch.zeros((args.num_steps, args.num_envs, envs.obs_dim), device=device)
    actions = torch.zeros((args.num_steps, args.num_envs), device=device)
    logprobs, rewards, dones, values = (torch.zeros((args.num_steps, args.num_envs), device=device) for _ in range(4))

    next_obs = envs.reset().to(device)
    next_done = torch.zeros(args.num_envs, device=device)
    num_updates = args.total_timesteps // (args.num_steps * args.num_envs)
    for update in range(1, num_updates + 1):
        if args.anneal_lr:
            linear_annealing(optimizer, update, num_updates, args.learning_rate)
        for step in range(args.num_steps):
            obs[step], dones[step] = next_obs, next_done
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs)
                values[step] = value.flatten()
            actions[step], logprobs[step] = action, logprob
            next_obs, reward, done = envs.step(action.cpu())
            rewards[step] = reward.to(device).view(-1)
            next_obs, next_done = next_obs.to(device), done.float().to(device)

        returns, advantages = agent.estimate_returns_and_advantages(
            rewards, values, dones, next_obs, next_done, args.num_steps, args.gamma, args.gae_lambda
        )
        local_data = {
            "obs": obs.reshape((-1, envs.obs_dim)), "logprobs": logprobs.reshape(-1), "actions": actions.reshape(-1),
            "advantages": advantages.reshape(-1), "returns": returns.reshape(-1), "values": values.reshape(-1),
        }
        train(fabric, agent, optimizer, local_data, args)
        fabric.print(f"update {update}: mean return {returns.mean().item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main, parse_args())
