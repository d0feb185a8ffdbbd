"""Run configurations; ACTIVE is the one train.py uses."""
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class RunConfig:
    accelerator: str = "tpu"
    devices: int = 8  # a v3-8: eight TPU cores
    precision: str = "32-true"
    fsdp: dict = field(default_factory=lambda: {"state_dict_type": "sharded"})
    lr: float = 1e-3
    steps: int = 50
    batch_size: int = 64


FULL = RunConfig()
SMOKE = replace(FULL, steps=2, batch_size=8)
ACTIVE = SMOKE
