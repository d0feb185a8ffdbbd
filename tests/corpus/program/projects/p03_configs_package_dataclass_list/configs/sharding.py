from dataclasses import dataclass, field

from model import Block


@dataclass
class ShardingConfig:
    wrap: set = field(default_factory=lambda: {Block})
    remat: set = field(default_factory=lambda: [Block])
    state_dict_type: str = "sharded"
