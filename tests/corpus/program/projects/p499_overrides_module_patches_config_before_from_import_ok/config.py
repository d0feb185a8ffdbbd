"""Settings of every run, written for the GPU cluster; a hardware module imported first adjusts them."""
PRECISION = "bf16-mixed"
LR = 3e-4
STEPS = 2
