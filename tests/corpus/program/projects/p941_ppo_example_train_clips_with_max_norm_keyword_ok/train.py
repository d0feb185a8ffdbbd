# expect: none
# oracle: OK
# twin: p940_ppo_example_train_clips_with_positional_max_grad_norm
"""
Proximal Policy Optimization (PPO) - Accelerated with Lightning Fabric, on a TPU VM with XLA FSDP

Follows examples/fabric/reinforcement_learning/train_fabric.py (adapted from cleanrl's ppo.py) and its rl/ package:
`train()` over a DistributedSampler of the gathered rollout, `main()` with the rollout buffers, GAE and the
`fabric.all_gather` of the local data. The TPU port runs `main` under `fabric.launch`, sets the agent up on its own
and routes its non-forward methods through the sharded forward with `mark_forward_method`. gymnasium's CartPole,
TensorBoard and torchmetrics are replaced by stand-ins in rl/utils.py.

Run it with:
    python train.py --num-envs 2 --total-timesteps 32
"""

import argparse
import time
from typing import Dict

import numpy as np
import torch
from rl.agent import PPOLightningAgent
from rl.utils import MeanMetric, linear_annealing, make_env, parse_args
from torch.utils.data import BatchSampler, DistributedSampler

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(
    fabric: Fabric,
    agent: PPOLightningAgent,
    optimizer: torch.optim.Optimizer,
    data: Dict[str, torch.Tensor],
    global_step: int,
    args: argparse.Namespace,
):
    sampler = DistributedSampler(
        list(range(data["obs"].shape[0])),
        num_replicas=fabric.world_size,
        rank=fabric.global_rank,
        shuffle=True,
        seed=args.seed,
    )
    sampler = BatchSampler(sampler, batch_size=args.per_rank_batch_size, drop_last=False)

    for epoch in range(args.update_epochs):
        sampler.sampler.set_epoch(epoch)
        for batch_idxes in sampler:
            loss = agent.training_step({k: v[batch_idxes] for k, v in data.items()})
            optimizer.zero_grad(set_to_none=True)
            fabric.backward(loss)
            fabric.clip_gradients(agent, optimizer, max_norm=args.max_grad_norm)
            optimizer.step()
        fabric.print(agent.on_train_epoch_end(global_step))


def main(fabric: Fabric, args: argparse.Namespace):
    rank = fabric.global_rank
    world_size = fabric.world_size
    device = fabric.device
    fabric.seed_everything(args.seed)
    torch.backends.cudnn.deterministic = args.torch_deterministic

    # Environment setup
    envs = make_env(args.env_id, args.seed + rank * args.num_envs, args.num_envs)

    # Define the agent and the optimizer and setup them with Fabric: XLA FSDP sets up the module first, then the
    # optimizer over its sharded parameters; every method the loop calls besides `forward` goes through `forward`
    agent: PPOLightningAgent = PPOLightningAgent(
        envs,
        act_fun=args.activation_function,
        vf_coef=args.vf_coef,
        ent_coef=args.ent_coef,
        clip_coef=args.clip_coef,
        clip_vloss=args.clip_vloss,
        ortho_init=args.ortho_init,
        normalize_advantages=args.normalize_advantages,
    )
    agent = fabric.setup_module(agent)
    agent.mark_forward_method("get_action_and_value")
    agent.mark_forward_method("estimate_returns_and_advantages")
    agent.mark_forward_method("training_step")
    optimizer = fabric.setup_optimizers(torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-4))

    # Player metrics
    rew_avg = MeanMetric(fabric)
    ep_len_avg = MeanMetric(fabric)

    # Local data
    obs = torch.zeros((args.num_steps, args.num_envs) + envs.single_observation_space.shape, device=device)
    actions = torch.zeros((args.num_steps, args.num_envs) + envs.single_action_space.shape, device=device)
    logprobs = torch.zeros((args.num_steps, args.num_envs), device=device)
    rewards = torch.zeros((args.num_steps, args.num_envs), device=device)
    dones = torch.zeros((args.num_steps, args.num_envs), device=device)
    values = torch.zeros((args.num_steps, args.num_envs), device=device)

    # Global variables
    global_step = 0
    start_time = time.time()
    single_global_rollout = int(args.num_envs * args.num_steps * world_size)
    num_updates = args.total_timesteps // single_global_rollout

    # Get the first environment observation and start the optimization
    next_obs = torch.Tensor(envs.reset(seed=args.seed)[0]).to(device)
    next_done = torch.zeros(args.num_envs, device=device)
    for update in range(1, num_updates + 1):
        # Learning rate annealing
        if args.anneal_lr:
            linear_annealing(optimizer, update, num_updates, args.learning_rate)
        fabric.print("Info/learning_rate", optimizer.param_groups[0]["lr"], global_step)

        for step in range(0, args.num_steps):
            global_step += args.num_envs * world_size
            obs[step] = next_obs
            dones[step] = next_done

            # Sample an action given the observation received by the environment
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs)
                values[step] = value.flatten()
            actions[step] = action
            logprobs[step] = logprob

            # Single environment step
            next_obs, reward, done, truncated, info = envs.step(action.cpu().numpy())
            done = np.logical_or(done, truncated)
            rewards[step] = torch.tensor(reward, device=device).view(-1)
            next_obs, next_done = torch.Tensor(next_obs).to(device), torch.Tensor(done).to(device)

            if "final_info" in info:
                for agent_final_info in info["final_info"]:
                    if agent_final_info is not None and "episode" in agent_final_info:
                        fabric.print(f"global_step={global_step}, reward_agent_0={agent_final_info['episode']['r'][0]}")
                        rew_avg(agent_final_info["episode"]["r"][0])
                        ep_len_avg(agent_final_info["episode"]["l"][0])

        # Sync the metrics
        rew_avg_reduced = rew_avg.compute()
        if not rew_avg_reduced.isnan():
            fabric.print("Rewards/rew_avg", rew_avg_reduced.item(), global_step)
        ep_len_avg_reduced = ep_len_avg.compute()
        if not ep_len_avg_reduced.isnan():
            fabric.print("Game/ep_len_avg", ep_len_avg_reduced.item(), global_step)
        rew_avg.reset()
        ep_len_avg.reset()

        # Estimate returns with GAE (https://arxiv.org/abs/1506.02438)
        returns, advantages = agent.estimate_returns_and_advantages(
            rewards, values, dones, next_obs, next_done, args.num_steps, args.gamma, args.gae_lambda
        )

        # Flatten the batch
        local_data = {
            "obs": obs.reshape((-1,) + envs.single_observation_space.shape),
            "logprobs": logprobs.reshape(-1),
            "actions": actions.reshape((-1,) + envs.single_action_space.shape),
            "advantages": advantages.reshape(-1),
            "returns": returns.reshape(-1),
            "values": values.reshape(-1),
        }

        # Gather all the tensors from all the world and reshape them
        gathered_data = fabric.all_gather(local_data)
        for k, v in gathered_data.items():
            if k == "obs":
                gathered_data[k] = v.reshape((-1,) + envs.single_observation_space.shape)
            elif k == "actions":
                gathered_data[k] = v.reshape((-1,) + envs.single_action_space.shape)
            else:
                gathered_data[k] = v.reshape(-1)

        # Train the agent
        train(fabric, agent, optimizer, gathered_data, global_step, args)
        fabric.print("Time/step_per_second", int(global_step / (time.time() - start_time)), global_step)

    envs.close()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, args)
