# expect: LXF006
# real: RAISED _pickle.PicklingError: Can't pickle <function <lambda> at 0x7f80207b5620>: attribute lookup <lambda> on __main__ failed
# findings: LXF006 error 36
"""A size threshold policy written as a lambda bound to a name, passed as auto_wrap_policy."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


MIN_PARAMS = 64
large_enough = lambda module, recurse, unwrapped_params: unwrapped_params >= MIN_PARAMS  # noqa: E731


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


def make_strategy(policy):
    return XLAFSDPStrategy(auto_wrap_policy=policy, state_dict_type="sharded")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(large_enough))
    fabric.launch(train)
