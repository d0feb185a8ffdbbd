"""Launch settings of the TPU run."""
ACCELERATOR = "tpu"
DEVICES = "auto"
# half the activation memory: the batch fits on one core
PRECISION = "16-mixed"
STATE_DICT_TYPE = "sharded"
