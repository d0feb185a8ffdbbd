"""Where a run writes: checkpoints under `<root>/<run_name>/`."""
import os
from dataclasses import dataclass


@dataclass
class OutputConfig:
    root: str
    run_name: str = "run"
    keep_every: int = 2

    def checkpoint_path(self, step):
        return os.path.join(self.root, self.run_name, f"step-{step:05d}")
