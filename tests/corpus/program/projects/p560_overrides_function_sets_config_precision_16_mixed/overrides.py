"""Per-machine changes to config.py, applied by the entry before anything reads it."""
import config


def for_tpu():
    config.ACCELERATOR = "tpu"
    config.STRATEGY = "xla_fsdp"
    config.PRECISION = "16-mixed"
