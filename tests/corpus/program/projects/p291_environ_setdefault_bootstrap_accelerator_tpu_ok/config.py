"""The run's settings, read from the environment bootstrap.py filled."""
import os

ACCELERATOR = os.environ["TRAIN_ACCELERATOR"]
PRECISION = os.environ["TRAIN_PRECISION"]
STEPS = int(os.environ["TRAIN_STEPS"])
