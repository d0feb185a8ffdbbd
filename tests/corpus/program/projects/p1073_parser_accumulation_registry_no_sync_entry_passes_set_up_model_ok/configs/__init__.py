"""Run settings of the dependency-arc scorer."""
ACCUMULATION = "no_sync"
MICRO_BATCHES = 2
STEPS = 2
TOKENS, DIM = 10, 24
