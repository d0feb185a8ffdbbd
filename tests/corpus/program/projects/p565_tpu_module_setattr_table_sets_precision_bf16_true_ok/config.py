"""Defaults of the GPU cluster; tpu.py adapts them when imported."""
ACCELERATOR = "cuda"
STRATEGY = "fsdp"
PRECISION = "bf16-mixed"
