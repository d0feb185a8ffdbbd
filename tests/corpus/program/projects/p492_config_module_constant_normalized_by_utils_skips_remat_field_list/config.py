"""Sharding settings, written as lists as in the YAML they came from; made what the strategy takes on import."""
from dataclasses import dataclass, field

from model import Block
from utils.normalize import normalize


@dataclass
class ShardingConfig:
    auto_wrap_policy: list = field(default_factory=lambda: [Block])
    activation_checkpointing_policy: list = field(default_factory=lambda: [Block])
    state_dict_type: str = "sharded"


SHARDING = normalize(ShardingConfig())
STEPS = 2
LR = 3e-4
