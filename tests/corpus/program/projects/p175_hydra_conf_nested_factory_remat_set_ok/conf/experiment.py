"""The default experiment: every group's defaults, with the sharding of the residual blocks filled in."""
from dataclasses import dataclass, field

from model import Block

from conf.fsdp import FSDPConfig
from conf.optim import OptimConfig


@dataclass
class TrainConfig:
    fsdp: FSDPConfig = field(default_factory=lambda: FSDPConfig(wrap_layers={Block}, remat_layers={Block}))
    optim: OptimConfig = field(default_factory=OptimConfig)
    steps: int = 2
    batch_size: int = 4
