"""Where a run writes: a fresh folder per run."""
import tempfile
from pathlib import Path

OUT_DIR = Path(tempfile.mkdtemp(prefix="blocknet-"))


def checkpoint_path(step: int) -> Path:
    return OUT_DIR / "checkpoints" / f"step-{step:06d}"
