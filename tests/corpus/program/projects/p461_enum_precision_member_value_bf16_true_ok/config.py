"""Run settings for the pod."""
from precisions import Precision

ACCELERATOR = "tpu"
PRECISION = Precision.BF16_TRUE  # bf16 activations to fit the batch in HBM
