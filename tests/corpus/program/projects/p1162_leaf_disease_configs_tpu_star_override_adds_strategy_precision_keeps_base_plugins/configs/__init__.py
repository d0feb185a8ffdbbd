"""Run configuration: `import configs` gives the TPU host settings (base.py values, overridden by tpu.py)."""
from .tpu import *  # noqa: F401,F403
