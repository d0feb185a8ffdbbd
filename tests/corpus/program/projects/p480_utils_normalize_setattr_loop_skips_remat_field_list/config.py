"""Sharding settings, written as YAML-friendly lists; utils.normalize turns them into what the strategy takes."""
from dataclasses import dataclass, field

from model import Block


@dataclass
class ShardingConfig:
    auto_wrap_policy: list = field(default_factory=lambda: [Block])
    activation_checkpointing_policy: list = field(default_factory=lambda: [Block])
    state_dict_type: str = "sharded"


@dataclass
class TrainConfig:
    steps: int = 2
    lr: float = 3e-4
    batch_size: int = 8
    sharding: ShardingConfig = field(default_factory=ShardingConfig)
