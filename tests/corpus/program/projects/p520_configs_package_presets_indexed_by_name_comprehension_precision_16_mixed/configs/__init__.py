"""Named runs; $RUN picks one (the pod run unless it is set)."""
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class RunConfig:
    name: str
    accelerator: str
    precision: str
    steps: int = 2
    lr: float = 3e-4


_ALL = [
    RunConfig("tpu-pod", "tpu", "16-mixed"),
    RunConfig("gpu-node", "cuda", "16-mixed"),
]
CONFIGS = {c.name: c for c in _ALL}


def get(name=None) -> RunConfig:
    return CONFIGS[name or os.environ.get("RUN", "tpu-pod")]
