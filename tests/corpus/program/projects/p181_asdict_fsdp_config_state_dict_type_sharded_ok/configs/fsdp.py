"""XLAFSDPStrategy's arguments, one field each, so a run can print and diff them."""
from dataclasses import dataclass, field

from model import Block


@dataclass
class FSDPConfig:
    auto_wrap_policy: set = field(default_factory=lambda: {Block})
    state_dict_type: str = "sharded"  # one file per rank
    sequential_save: bool = False
