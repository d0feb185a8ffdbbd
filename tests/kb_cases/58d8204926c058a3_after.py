# record: 58d8204926c058a3
# role: after
"""An agent's method other than `forward` that runs the submodules `auto_wrap_policy` wrapped, marked as a forward method."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = Block()
        self.critic = Block()

    def forward(self, x):
        return self.actor(x)

    @torch.no_grad()
    def estimate_returns_and_advantages(self, x):
        return self.critic(x).sum(-1)


def train(fabric):
    agent = fabric.setup_module(Agent())
    agent.mark_forward_method("estimate_returns_and_advantages")
    agent.estimate_returns_and_advantages(torch.randn(4, 8, device=fabric.device))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
