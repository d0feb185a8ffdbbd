from dataclasses import dataclass


@dataclass
class HardwareConfig:
    accelerator: str = "tpu"
    devices: str = "auto"
    precision: str = "32-true"
