"""Defaults; overrides.py patches them per cluster before the run."""
REDUCE_OP = "sum"
LOG_EVERY = 1
STEPS = 2
