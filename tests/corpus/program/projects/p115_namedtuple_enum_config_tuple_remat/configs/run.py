"""The run's configuration: immutable, one default per field."""
import enum
from typing import NamedTuple

from model import Block


class StrategyName(str, enum.Enum):
    FSDP = "fsdp"
    FSDP_REMAT = "fsdp_remat"


class RunConfig(NamedTuple):
    strategy_name: StrategyName = StrategyName.FSDP_REMAT
    wrap_layers: set = {Block}
    remat_layers: tuple = (Block,)
    depth: int = 4
    lr: float = 3e-4
    steps: int = 2
