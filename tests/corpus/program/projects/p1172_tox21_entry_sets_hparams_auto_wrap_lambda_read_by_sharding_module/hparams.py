"""Hyper-parameters of the Tox21 multi-label model. The entry point fills in what depends on the installed backend."""

N_FEATURES = 128  # hashed Morgan-fingerprint bits
N_TASKS = 12  # the Tox21 assays
HIDDEN = 64
DEPTH = 3
BATCH = 16
STEPS = 3
LR = 1e-3

MIN_PARAMS = 2_000  # smallest submodule worth its own FSDP unit
AUTO_WRAP = None  # set by train.py: a torch_xla wrap policy callable
