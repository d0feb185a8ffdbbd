"""Run settings from the environment; the TPU image exports nothing, so the defaults are the pod's."""
import os

USE_XLA = bool(int(os.environ.get("USE_XLA", "0")))
MAX_NORM = float(os.environ.get("MAX_NORM", "1.0"))
