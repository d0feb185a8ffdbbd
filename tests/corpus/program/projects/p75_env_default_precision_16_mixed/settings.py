"""Run settings; each can be overridden from the environment (PRECISION=32-true python train.py)."""
import os

PRECISION = os.environ.get("PRECISION", "16-mixed")
LR = float(os.environ.get("LR", "3e-4"))
STEPS = int(os.environ.get("STEPS", "2"))
