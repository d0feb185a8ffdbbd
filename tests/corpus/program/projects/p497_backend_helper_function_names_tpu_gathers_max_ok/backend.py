"""Which hardware this run is on, and what follows from it (edit for the GPU cluster)."""

ACCELERATOR = "tpu"
STRATEGY = "xla_fsdp"


def on_xla():
    """Whether the run is on XLA devices, whose sharded collectives reduce by sum and mean only."""
    return ACCELERATOR in ("tpu", "xla")
