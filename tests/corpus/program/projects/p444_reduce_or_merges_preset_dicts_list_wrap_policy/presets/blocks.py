"""One FSDP unit per residual block."""
from model import Block

STRATEGY = {"auto_wrap_policy": [Block]}
