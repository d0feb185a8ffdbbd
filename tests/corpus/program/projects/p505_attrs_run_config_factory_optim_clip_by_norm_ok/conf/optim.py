"""Optimizer settings; exactly one of clip_val and max_norm is set."""
from typing import Optional

import attrs


@attrs.define
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.1
    clip_val: Optional[float] = None
    max_norm: Optional[float] = 1.0
