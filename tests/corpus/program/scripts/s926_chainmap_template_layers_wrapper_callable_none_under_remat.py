# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""Transformer encoder; strategy options are a ChainMap of the run's overrides over a template of every knob (unset ones None)."""
from collections import ChainMap
from types import MappingProxyType

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=64, batch_first=True, dropout=0.0)

    def forward(self, x):
        return self.layer(x)


class Encoder(nn.Module):
    def __init__(self, depth=2, dim=32, classes=3):
        super().__init__()
        self.inp = nn.Linear(10, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.cls = nn.Linear(dim, classes)

    def forward(self, x):
        return self.cls(self.blocks(self.inp(x)).mean(1))


# Every knob we ever tune, read-only; None means "leave it to the library".
XLA_FSDP_TEMPLATE = MappingProxyType({
    "auto_wrap_policy": {Block},
    "auto_wrapper_callable": None,
    "activation_checkpointing_policy": None,
    "state_dict_type": "sharded",
    "sequential_save": False,
})

RUN_OVERRIDES = {
    "activation_checkpointing_policy": {Block},  # long sequences: recompute each block in backward
    "sequential_save": True,
}


def strategy_options(overrides):
    return ChainMap(overrides, XLA_FSDP_TEMPLATE)


def train(fabric, steps=3):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(4, 6, 10, device=fabric.device)
        y = torch.randint(0, 3, (4,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_options(RUN_OVERRIDES)))
    fabric.launch(train)
