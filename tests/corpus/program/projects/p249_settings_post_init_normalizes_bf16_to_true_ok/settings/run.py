"""`RunSettings`: what a run asks for; `fabric_kwargs` is what `Fabric(...)` gets from it."""
from dataclasses import dataclass

from settings.precision import normalize_precision


@dataclass
class RunSettings:
    precision: str = "bf16"
    accelerator: str = "tpu"
    devices: str = "auto"
    steps: int = 2
    lr: float = 3e-4

    def __post_init__(self):
        self.precision = normalize_precision(self.precision)

    @property
    def fabric_kwargs(self):
        return {"accelerator": self.accelerator, "devices": self.devices, "precision": self.precision}

    @property
    def warmup_steps(self):
        return max(1, self.steps // 10)
