"""Defaults of the GPU cluster; overrides.py adapts them to other machines."""
ACCELERATOR = "cuda"
STRATEGY = "fsdp"
PRECISION = "bf16-mixed"
