from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass
class FSDPConfig:
    wrap_layers: set = field(default_factory=set)
    remat_layers: Optional[Any] = None
    state_dict_type: str = "sharded"
