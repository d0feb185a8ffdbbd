"""Run settings: optimisation, and which layers XLA FSDP shards and recomputes."""
from model import Block

LR = 3e-4
STEPS = 2
BATCH_SIZE = 8

WRAP_LAYERS = {Block}
# recompute each block's activations in backward: the net is memory-bound on a v4-8
REMAT_LAYERS = [Block]
