"""Settings of the tide-gauge forecaster runs."""
from dataclasses import dataclass


@dataclass(frozen=True)
class RunConfig:
    # "data": replicate the weights on every core; "fsdp": shard them (see utils/dist.py)
    parallelism: str = "fsdp"
    devices: str = "auto"
    precision: str = "32-true"
    constituents: tuple = ("M2", "S2", "N2", "K1", "O1")
    history_hours: int = 72
    horizon_hours: int = 12
    steps: int = 3
    batch_size: int = 32
    lr: float = 1e-3


RUN = RunConfig()
