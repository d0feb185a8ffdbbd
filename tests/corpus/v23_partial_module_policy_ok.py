# expect: none
# real: OK
# findings: none
"""Size-based wrapping with torch_xla's own policy, bound with functools.partial (picklable)."""
import functools

import torch
import torch.nn.functional as F
from torch import nn
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 1))

    def forward(self, x):
        return self.stack(x)


MIN_PARAMS = 1_000


def train(fabric):
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x.prod(dim=1, keepdim=True))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    wrap_policy = functools.partial(size_based_auto_wrap_policy, min_num_params=MIN_PARAMS)
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy=wrap_policy, state_dict_type="sharded"),
    )
    fabric.launch(train)
