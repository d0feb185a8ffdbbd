"""Configuration of the GPT pretraining run: model shape, optimisation and sharding."""
from dataclasses import dataclass, field

from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.ln(x))


@dataclass
class ShardingConfig:
    wrap_layers: set = field(default_factory=lambda: {Block})
    remat_layers: list = field(default_factory=lambda: [Block])
    state_dict_type: str = "sharded"


@dataclass
class TrainConfig:
    vocab_size: int = 64
    dim: int = 32
    depth: int = 2
    seq_len: int = 8
    batch_size: int = 2
    lr: float = 6e-4
    max_steps: int = 2
    precision: str = "bf16-true"
    sharding: ShardingConfig = field(default_factory=ShardingConfig)
