"""Hyper-parameter sweeps: each trial writes under its own sub-folder of the run."""
from dataclasses import dataclass
from pathlib import Path

from core.outputs import OutputConfig


@dataclass
class TrialOutput(OutputConfig):
    trial: int = 0

    def checkpoint_path(self, step):
        return str(Path(self.root) / self.run_name / f"trial-{self.trial:03d}" / f"step-{step:05d}")
