"""The run configuration: an immutable dataclass; `merge` returns a new one with some fields replaced."""
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class TaggerConfig:
    accelerator: str = "cuda"
    devices: object = "auto"
    strategy: str = "ddp"
    precision: str = "32-true"
    attributes: int = 12
    image: int = 24
    lr: float = 1e-3
    steps: int = 3
    batch: int = 16

    def merge(self, overrides):
        known = {f.name for f in fields(self)}
        unknown = set(overrides) - known
        if unknown:
            raise KeyError(f"unknown config keys: {sorted(unknown)}")
        return replace(self, **overrides)

    def fabric_kwargs(self):
        return {"accelerator": self.accelerator, "devices": self.devices, "precision": self.precision}
