"""8x A100 node: bigger batches, mixed precision; used by launch_gpu.py, not by train.py."""
__all__ = ["BATCH_SIZE", "PRECISION", "DEVICES"]

BATCH_SIZE = 32
PRECISION = "bf16-mixed"
DEVICES = 8
