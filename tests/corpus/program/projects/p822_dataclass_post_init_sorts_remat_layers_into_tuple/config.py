"""Run configuration. Layer names from the command line are resolved to classes once, in __post_init__."""
from dataclasses import dataclass, field

from vit import LAYERS


@dataclass
class ShardingConfig:
    wrap: tuple = ("EncoderBlock",)
    remat: tuple = ()

    def __post_init__(self):
        self.wrap_layers = {LAYERS[name] for name in self.wrap}
        # deduplicated and in a fixed order, so that the run log is the same on every host
        self.remat_layers = tuple(sorted({LAYERS[name] for name in self.remat}, key=lambda cls: cls.__name__))

    def describe(self):
        wrap = ", ".join(sorted(cls.__name__ for cls in self.wrap_layers))
        remat = ", ".join(sorted(cls.__name__ for cls in self.remat_layers)) or "-"
        return f"shard units: {wrap}; rematerialized: {remat}"


@dataclass
class TrainConfig:
    dim: int = 64
    depth: int = 2
    lr: float = 1e-3
    batch_size: int = 8
    steps: int = 3
    sharding: ShardingConfig = field(default_factory=ShardingConfig)
