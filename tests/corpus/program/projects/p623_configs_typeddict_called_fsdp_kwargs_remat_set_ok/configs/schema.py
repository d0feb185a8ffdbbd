"""Typed shapes of the config sections, so a typo in a key is a type error, not a silent no-op."""
from typing import Literal, TypedDict

from torch import nn


class FSDPKwargs(TypedDict, total=False):
    auto_wrap_policy: set[type[nn.Module]]
    activation_checkpointing_policy: set[type[nn.Module]]
    state_dict_type: Literal["full", "sharded"]
    sequential_save: bool
