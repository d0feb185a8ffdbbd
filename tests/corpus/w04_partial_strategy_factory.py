# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Layer'>]. You can try defining and passing `aut
# findings: LXF001 error 30
"""The strategy is pre-configured with functools.partial; each job adds its own options."""
from functools import partial

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Layer(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.ff(self.norm(x))


ShardedStrategy = partial(XLAFSDPStrategy, auto_wrap_policy={Layer}, state_dict_type="sharded")


def job_strategy(name):
    if name == "memory-saver":
        return ShardedStrategy(activation_checkpointing_policy=[Layer])
    return ShardedStrategy()


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(6, 24), Layer(), Layer(), nn.Linear(24, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for _ in range(2):
        x = torch.randn(5, 6, device=fabric.device)
        loss = F.mse_loss(model(x), x.sum(dim=1, keepdim=True))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print("done")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=job_strategy("memory-saver"))
    fabric.launch(train)
