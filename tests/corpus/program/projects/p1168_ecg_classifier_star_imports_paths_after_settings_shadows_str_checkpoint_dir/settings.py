"""Training settings of the ECG classifier.

Checkpoint locations are plain strings: XLA-FSDP broadcasts the path from rank 0 and torch.load's
weights-only unpickler refuses pathlib objects.
"""
import os

from paths import RUN_ROOT

LEADS = 12
SAMPLES = 128  # 0.5 s at 256 Hz
CLASSES = 4  # normal, AF, PVC, other
HIDDEN = 32
BATCH = 8
STEPS = 3
LR = 1e-3

CHECKPOINT_DIR = os.path.join(str(RUN_ROOT), "checkpoints")
