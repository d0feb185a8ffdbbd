"""Defaults of the GPU cluster; train.py adjusts them for the device it runs on."""
ACCELERATOR = "cuda"
PRECISION = "bf16-mixed"
LR = 3e-4
STEPS = 2
