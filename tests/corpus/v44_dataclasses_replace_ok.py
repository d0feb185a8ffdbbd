# expect: none
# real: OK
# findings: none
"""A frozen base config and a run variant made with dataclasses.replace."""
import dataclasses

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(32, 32)

    def forward(self, x):
        return x + F.relu(self.fc(x))


@dataclasses.dataclass(frozen=True)
class FSDPConfig:
    wrap: frozenset = frozenset()
    remat: tuple = ()
    state_dict_type: str = "sharded"


BASE = FSDPConfig()
RUN = dataclasses.replace(BASE, remat={Block})


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.ones(8, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=RUN.remat,
        state_dict_type=RUN.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
