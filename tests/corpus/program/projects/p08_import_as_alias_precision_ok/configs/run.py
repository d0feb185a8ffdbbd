"""Launch settings of the TPU run."""
ACCELERATOR = "tpu"
DEVICES = "auto"
# half the activation memory: the batch fits on one core
PRECISION = "bf16-true"
STATE_DICT_TYPE = "sharded"
