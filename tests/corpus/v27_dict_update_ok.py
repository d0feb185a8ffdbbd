# expect: none
# real: OK
# findings: none
"""Defaults dict for all jobs; this job switches the checkpointing policy to a set before use."""
import copy

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + torch.relu(self.fc(x)))


DEFAULT_FSDP = {
    "auto_wrap_policy": {Block},
    "activation_checkpointing_policy": None,
    "state_dict_type": "sharded",
}


def job_fsdp_kwargs():
    kwargs = copy.deepcopy(DEFAULT_FSDP)
    kwargs.update({"activation_checkpointing_policy": {Block}})
    kwargs.setdefault("flatten_parameters", True)
    return kwargs


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(10, 32), Block(), Block(), nn.Linear(32, 10)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 10, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.arange(4, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(**job_fsdp_kwargs())
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
