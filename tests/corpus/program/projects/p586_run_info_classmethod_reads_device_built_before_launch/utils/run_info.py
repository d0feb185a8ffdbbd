"""What a run records about where it ran (written beside its checkpoints)."""
import platform
from dataclasses import dataclass


@dataclass(frozen=True)
class RunInfo:
    host: str
    device: str
    precision: str

    @classmethod
    def from_fabric(cls, fabric, precision):
        return cls(host=platform.node(), device=str(fabric.device), precision=precision)
