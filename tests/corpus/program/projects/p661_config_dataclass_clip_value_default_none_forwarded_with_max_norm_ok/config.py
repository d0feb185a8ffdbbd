"""Run configuration: nested dataclasses, overridable from `key=value` arguments."""
import dataclasses
from typing import Optional


@dataclasses.dataclass
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.1
    grad_clip_norm: Optional[float] = 1.0
    grad_clip_value: Optional[float] = None


@dataclasses.dataclass
class TrainConfig:
    steps: int = 2
    dim: int = 32
    precision: str = "bf16-true"
    optim: OptimConfig = dataclasses.field(default_factory=OptimConfig)


def load_config(argv):
    cfg = TrainConfig()
    for item in argv:
        key, value = item.split("=", 1)
        section, _, name = key.rpartition(".")
        target = getattr(cfg, section) if section else cfg
        setattr(target, name, type(getattr(target, name) or 0.0)(value))
    return cfg
