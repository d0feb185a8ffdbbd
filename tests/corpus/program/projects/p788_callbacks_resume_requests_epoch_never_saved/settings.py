"""Run settings as an immutable NamedTuple; `SETTINGS` is what train.py uses."""
import os
from typing import NamedTuple


class RunSettings(NamedTuple):
    epochs: int = 2
    steps_per_epoch: int = 2
    batch_size: int = 16
    lr: float = 2e-3
    ckpt_root: str = "runs"
    run_name: str = "speech-denoiser"
    verify_resume: bool = True

    @property
    def ckpt_path(self):
        return os.path.join(self.ckpt_root, self.run_name, "last")


SETTINGS = RunSettings()
