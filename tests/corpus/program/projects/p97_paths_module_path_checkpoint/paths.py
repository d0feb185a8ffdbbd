import tempfile
from pathlib import Path

ROOT = Path(tempfile.mkdtemp(prefix="blocknet-"))
CHECKPOINTS = ROOT / "checkpoints"
