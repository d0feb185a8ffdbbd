"""Run settings for the leaf-disease classifier."""
import os
import tempfile

CLASSES = ("healthy", "rust", "scab", "blight")
IMAGE_SIZE = 32
BATCH = 16
STEPS = 3
LR = 1e-3
WEIGHTS_DIR = os.environ.get("LEAF_WEIGHTS_DIR") or tempfile.mkdtemp(prefix="leaf_weights_")
PRETRAINED = os.path.join(WEIGHTS_DIR, "backbone_imagenet_tiny.pt")
