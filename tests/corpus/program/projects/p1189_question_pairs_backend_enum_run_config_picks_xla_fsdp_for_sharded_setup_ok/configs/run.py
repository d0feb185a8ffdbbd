"""The run this checkout trains."""
from typing import NamedTuple

from configs.backends import Backend


class RunConfig(NamedTuple):
    backend: Backend = Backend.XLA_FSDP
    steps: int = 3
    lr: float = 5e-4
    batch_size: int = 16
    vocab: int = 200


RUN = RunConfig(steps=3)
