# expect: none
# oracle: OK
# twin: s608_defaults_with_env_json_overrides_unset_list_remat
"""python s609_defaults_with_env_json_overrides_unset_set_remat_ok.py: FSDP_OVERRIDES='{"state_dict_type": "full"}' changes the strategy's settings for a run."""
import argparse
import json
import os
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))

SHARDING = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": {Block}, "state_dict_type": "sharded"}


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    sharding = {**SHARDING, **json.loads(os.environ.get("FSDP_OVERRIDES", "{}"))}
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(**sharding))
    fabric.launch(train)
