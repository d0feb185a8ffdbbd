"""Settings for the machine the run lands on: the GPU cluster, else a TPU VM."""
import torch

if torch.cuda.is_available():
    ACCELERATOR = "cuda"
    STRATEGY = "fsdp"
    PRECISION = "16-mixed"
else:
    ACCELERATOR = "tpu"
    STRATEGY = "xla_fsdp"
    PRECISION = "bf16-mixed"
