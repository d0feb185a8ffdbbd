# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: train_fabric.py
"""python train_fabric.py: PPO updates on random rollouts, the example moved from DDP to XLA FSDP on a TPU pod."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from rl.agent import PPOLightningAgent
from rl.utils import parse_args


def main(fabric, args):
    agent = PPOLightningAgent(args.obs_dim, args.num_actions, act_fun=args.activation_function,
                              ortho_init=args.ortho_init)
    optimizer = agent.configure_optimizers(args.learning_rate)
    agent, optimizer = fabric.setup(agent, optimizer)
    obs = torch.randn(args.num_envs, args.obs_dim, device=fabric.device)
    for _ in range(args.update_epochs):
        _, logprob, entropy, value = agent(obs)
        returns = torch.randn_like(value)
        loss = -logprob.mean() + 0.5 * ((value - returns) ** 2).mean() - 0.01 * entropy.mean()
        optimizer.zero_grad(set_to_none=True)
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, args)
