# expect: none
# oracle: OK
# twin: s344_lru_cache_strategy_factory_list_wrap_policy
"""Strategies built once per name and cached: `strategy_for("fsdp-remat")` is the run's default."""
import argparse
from functools import lru_cache

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim: int = 32, heads: int = 4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))
        self.norm1 = nn.LayerNorm(dim)
        self.norm2 = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.norm2(x))


class Encoder(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 5):
        super().__init__()
        self.layers = nn.Sequential(*[EncoderLayer(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.layers(x).mean(dim=1))


LAYERS = [EncoderLayer]


@lru_cache(maxsize=None)
def strategy_for(name: str) -> XLAFSDPStrategy:
    if name == "fsdp":
        return XLAFSDPStrategy(state_dict_type="sharded")
    if name == "fsdp-remat":
        return XLAFSDPStrategy(auto_wrap_policy=set(LAYERS), activation_checkpointing_policy=set(LAYERS))
    raise KeyError(name)


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(4, 8, 32, device=fabric.device)
    y = torch.randint(0, 5, (4,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="fsdp-remat", choices=["fsdp", "fsdp-remat"])
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=strategy_for(args.strategy))
    fabric.launch(train)
