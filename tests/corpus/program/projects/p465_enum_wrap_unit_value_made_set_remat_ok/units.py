"""Which layers form one FSDP unit: the wrap and the activation-checkpointing granularity."""
import enum

from torch import nn

from model import Block


class WrapUnit(enum.Enum):
    BLOCK = (Block,)
    BLOCK_AND_HEAD = (Block, nn.Linear)
