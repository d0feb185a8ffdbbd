"""Run settings; each can be overridden from the environment (PRECISION=32-true python train.py)."""
import os

PRECISION = os.environ.get("PRECISION", "bf16-true")
LR = float(os.environ.get("LR", "3e-4"))
STEPS = int(os.environ.get("STEPS", "2"))
