"""Run settings of the turbine-vibration autoencoder: defaults, overridden by keyword, resolved once by `load()`."""
import dataclasses
import tempfile
from pathlib import Path
from typing import Optional


@dataclasses.dataclass(frozen=True)
class Settings:
    steps: int = 4
    lr: float = 1e-3
    batch_size: int = 32
    bottleneck: int = 8
    save_every: int = 2
    run_dir: Optional[str] = None  # where checkpoints go; a fresh temp dir when unset
    ckpt_dir: Optional[Path] = None  # resolved by load()

    def checkpoint_path(self, step: int):
        return str(self.ckpt_dir / f"step-{step:04d}")


def load(**overrides) -> Settings:
    settings = dataclasses.replace(Settings(), **overrides)
    run_dir = settings.run_dir or tempfile.mkdtemp(prefix="turbine-")
    return dataclasses.replace(settings, run_dir=run_dir, ckpt_dir=Path(run_dir) / "checkpoints")
