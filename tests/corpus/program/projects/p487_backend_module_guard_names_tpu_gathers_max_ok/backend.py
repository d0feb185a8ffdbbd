"""Which hardware this run is on, and what follows from it."""
import os

ACCELERATOR = os.environ.get("TRAIN_ACCELERATOR", "tpu")
STRATEGY = {"tpu": "xla_fsdp", "cuda": "fsdp", "cpu": "ddp"}[ACCELERATOR]

# the sharded strategy of XLA, with its narrower collectives
XLA_FSDP = STRATEGY == "xla_fsdp"
