"""Which hardware this run is on, and what follows from it (edit for the GPU cluster)."""

ACCELERATOR = "tpu"
STRATEGY = "xla_fsdp"

ON_XLA = ACCELERATOR == "xla"
