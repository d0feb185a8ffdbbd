"""Run configuration: nested dataclasses, written to and read back from plain dicts."""
from dataclasses import asdict, dataclass, field
from typing import Any, Dict


@dataclass
class FabricConfig:
    accelerator: str = "auto"
    devices: Any = "auto"
    precision: str = "bf16-mixed"  # the GPU default


@dataclass
class TrainConfig:
    fabric: FabricConfig = field(default_factory=FabricConfig)
    lr: float = 3e-4
    steps: int = 2
    batch_size: int = 8

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "TrainConfig":
        d = dict(d)
        fabric = FabricConfig(**d.pop("fabric", {}))
        return cls(fabric=fabric, **d)

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)
