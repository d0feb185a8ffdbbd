"""Where a run writes its files. Every path here is a pathlib.Path."""
import tempfile
from pathlib import Path

RUN_ROOT = Path(tempfile.mkdtemp(prefix="ecg_run_"))
LOG_DIR = RUN_ROOT / "logs"
CHECKPOINT_DIR = RUN_ROOT / "checkpoints"
