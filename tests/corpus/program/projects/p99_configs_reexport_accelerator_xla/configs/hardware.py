from dataclasses import dataclass


@dataclass
class HardwareConfig:
    accelerator: str = "xla"
    devices: str = "auto"
    precision: str = "32-true"
