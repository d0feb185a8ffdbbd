"""Run settings, each overridable from the environment (as the launch scripts on the pod do)."""
import os

WRAP_MODE = os.environ.get("WRAP_MODE", "size")
WRAP_MIN_PARAMS = int(os.environ.get("WRAP_MIN_PARAMS", "1000"))
PRECISION = os.environ.get("PRECISION", "bf16-true")
STEPS = int(os.environ.get("STEPS", "2"))
