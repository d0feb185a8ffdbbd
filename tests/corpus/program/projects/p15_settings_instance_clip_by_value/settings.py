"""The run's settings, built once at import: every script reads settings.RUN."""
from dataclasses import dataclass, field


@dataclass
class OptimSettings:
    lr: float = 1e-3
    betas: tuple = (0.9, 0.95)
    clip: dict = field(default_factory=dict)


@dataclass
class RunSettings:
    steps: int = 2
    batch_size: int = 8
    optim: OptimSettings = field(default_factory=OptimSettings)


RUN = RunSettings(optim=OptimSettings(lr=3e-4, clip={"clip_val": 0.5}))
