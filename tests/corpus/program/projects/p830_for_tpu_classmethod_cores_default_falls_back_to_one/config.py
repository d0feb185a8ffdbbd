from dataclasses import dataclass
from typing import Optional


@dataclass
class RunConfig:
    cores: Optional[int] = None  # None: let the engine decide
    steps: int = 3
    lr: float = 5e-3
