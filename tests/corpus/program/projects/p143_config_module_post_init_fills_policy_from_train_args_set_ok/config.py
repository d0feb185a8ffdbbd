from dataclasses import dataclass, field
from typing import Optional

from model import Block


@dataclass
class FSDPSettings:
    wrap: set = field(default_factory=lambda: {Block})
    remat_layers: tuple = ()
    checkpoint_policy: Optional[object] = None

    def __post_init__(self):
        # the layers we recompute are the checkpointing policy unless one was given
        if self.checkpoint_policy is None and len(self.remat_layers) > 0:
            self.checkpoint_policy = self.remat_layers
