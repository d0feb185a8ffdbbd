# expect: none
# real: OK
# findings: none
"""Rematerialisation modes as an Enum, mapped to the layer sets XLAFSDPStrategy expects."""
import enum

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Attention(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return self.proj(F.scaled_dot_product_attention(q, k, v))


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.attn = Attention(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        x = x + self.attn(x)
        return x + self.mlp(x)


class Remat(enum.Enum):
    OFF = "off"
    ATTENTION = "attention"
    BLOCK = "block"


POLICIES = {Remat.OFF: None, Remat.ATTENTION: {Attention}, Remat.BLOCK: {Block}}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Embedding(20, 32), Block(), Block(), nn.Linear(32, 20)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        ids = torch.randint(0, 20, (2, 6), device=fabric.device)
        loss = F.cross_entropy(model(ids).flatten(0, 1), ids.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    mode = Remat("block")
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=POLICIES[mode])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
