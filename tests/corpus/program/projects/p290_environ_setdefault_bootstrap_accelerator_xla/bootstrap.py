"""Environment defaults of a pod run. Imported first by the entry, so every module reads the same values;
anything already exported in the shell wins (TRAIN_PRECISION=32-true python train.py)."""
import os

os.environ.setdefault("PJRT_DEVICE", "TPU")
os.environ.setdefault("XLA_IR_DEBUG", "0")
os.environ.setdefault("TRAIN_ACCELERATOR", "xla")
os.environ.setdefault("TRAIN_PRECISION", "bf16-true")
os.environ.setdefault("TRAIN_STEPS", "2")
