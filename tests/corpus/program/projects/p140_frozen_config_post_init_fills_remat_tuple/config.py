from dataclasses import dataclass, field

from model import Block


@dataclass(frozen=True)
class ShardingConfig:
    wrap_layers: frozenset = field(default_factory=lambda: frozenset({Block}))
    remat: bool = False
    checkpoint_policy: object = None

    def __post_init__(self):
        # frozen: normalise through object.__setattr__
        object.__setattr__(self, "wrap_layers", set(self.wrap_layers))
        if self.remat and self.checkpoint_policy is None:
            object.__setattr__(self, "checkpoint_policy", tuple(self.wrap_layers))


DEFAULT = ShardingConfig()
