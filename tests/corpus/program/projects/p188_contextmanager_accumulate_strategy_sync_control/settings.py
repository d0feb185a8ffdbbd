"""Hyper-parameters of the run."""
LR = 3e-4
MICRO_BATCH = 4
GRAD_ACCUM_STEPS = 2
MAX_STEPS = 2
