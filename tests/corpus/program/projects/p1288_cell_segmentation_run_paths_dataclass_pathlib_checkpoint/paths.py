"""Where a run writes its artifacts."""
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class RunPaths:
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="cellseg-")))

    @property
    def checkpoints(self):
        return self.root / "checkpoints"

    def stage_checkpoint(self, stage):
        return self.checkpoints / stage
