"""The run's configuration, held in a context variable so nested code reads it without it being passed down."""
import contextvars
from dataclasses import dataclass


@dataclass(frozen=True)
class RunConfig:
    precision: str = "bf16-true"
    steps: int = 2
    lr: float = 1e-3


RUN_CONFIG: contextvars.ContextVar[RunConfig] = contextvars.ContextVar("run_config", default=RunConfig())


def current() -> RunConfig:
    return RUN_CONFIG.get()
