# expect: LXF017
# findings: LXF017 error 47
"""`fabric.launch(train())`: the training function is called in the parent process and its result
(None) is handed to launch. Under XLA FSDP `train()` fails first, in the parent ("To use Fabric with
more than one device, you must call `.launch()`"); had it returned, `launch(None)` raises TypeError."""
import torch
import torch.nn as nn
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy

fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))


class Critic(nn.Module):
    def __init__(self, obs=64, hidden=512):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def rollout(n=4096, obs=64):
    states = torch.randn(n, obs)
    returns = states.sum(-1).tanh()
    return states, returns


def train():
    critic = fabric.setup_module(Critic())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(critic.parameters(), lr=3e-4))
    for update in range(500):
        states, returns = rollout()
        states, returns = fabric.to_device(states), fabric.to_device(returns)
        for _ in range(4):
            loss = nn.functional.smooth_l1_loss(critic(states), returns)
            fabric.backward(loss)
            fabric.clip_gradients(critic, optimizer, max_norm=0.5)
            optimizer.step()
            optimizer.zero_grad()
        if update % 50 == 0:
            fabric.print(f"update {update}: value loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric.launch(train())
