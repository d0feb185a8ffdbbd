from dataclasses import dataclass, field

from .defaults import fsdp_defaults


@dataclass(frozen=True)
class RunConfig:
    precision: str = "bf16-true"
    lr: float = 3e-4
    steps: int = 2
    batch_size: int = 8
    fsdp: dict = field(default_factory=fsdp_defaults)
