"""Sharding settings shared by the ViT jobs, and the factory that builds the strategy from them."""
from torch import nn

from lightning.fabric.strategies import XLAFSDPStrategy


class EncoderBlock(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


FSDP_KWARGS = {
    "auto_wrap_policy": {EncoderBlock},
    "activation_checkpointing_policy": {EncoderBlock},
    "state_dict_type": "sharded",
}

CLIP = {"max_norm": 1.0}


def make_strategy(**overrides) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(**{**FSDP_KWARGS, **overrides})
