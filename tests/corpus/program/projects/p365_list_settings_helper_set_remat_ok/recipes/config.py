"""The run's settings, as the YAML loader would give them: plain lists and numbers."""
from recipes.model import Block

SHARD_LAYERS = [Block]
REMAT_LAYERS = [Block]
LR = 3e-4
