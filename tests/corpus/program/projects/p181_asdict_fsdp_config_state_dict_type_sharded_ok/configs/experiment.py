from dataclasses import dataclass, field

from .fsdp import FSDPConfig


@dataclass
class ExperimentConfig:
    fsdp: FSDPConfig = field(default_factory=FSDPConfig)
    lr: float = 3e-4
    steps: int = 2
    resume: bool = True  # reload the checkpoint the run just wrote, to check it round-trips
