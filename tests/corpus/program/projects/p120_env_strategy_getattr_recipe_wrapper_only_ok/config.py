"""Run settings, read once from the environment (STRATEGY=fsdp STEPS=10 python train.py)."""
import os

STRATEGY = os.environ.get("STRATEGY", "fsdp_remat")
STEPS = int(os.environ.get("STEPS", "2"))
LR = float(os.environ.get("LR", "1e-3"))
