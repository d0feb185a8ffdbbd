"""Which machine this run is on (TRAIN_DEVICE=cuda on the GPU cluster; the pod leaves it unset)."""
import os

ON_XLA = os.environ.get("TRAIN_DEVICE", "tpu") in ("tpu", "xla")
