"""Run configuration with the GPU cluster's defaults."""
from typing import NamedTuple


class RunConfig(NamedTuple):
    accelerator: str = "cuda"
    devices: str = "auto"
    strategy: str = "ddp"
    lr: float = 1e-3
    steps: int = 2
    batch_size: int = 8
