"""Run settings for the v4-8 pod slice."""
from model import Block

WRAP_LAYERS = {Block}
REMAT_LAYERS = {Block}
# a custom FSDP wrapper for the blocks; None keeps torch_xla's own
BLOCK_WRAPPER = None
STEPS = 2
