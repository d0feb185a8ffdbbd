"""The sharding every experiment uses; scripts only choose how checkpoints are written."""
from functools import partial

from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

make_strategy = partial(XLAFSDPStrategy, auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])
