"""Settings of the TPU run; the layer lists are written as in the YAML they came from."""
from model import Block

ACCELERATOR = "tpu"
PRECISION = "bf16-true"
WRAP_LAYERS = [Block]
REMAT_LAYERS = [Block]
LR = 3e-4
STEPS = 2
