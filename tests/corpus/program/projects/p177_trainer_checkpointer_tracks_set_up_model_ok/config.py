"""Run settings: one place for the numbers the trainer and the checkpointer share."""
import tempfile
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    depth: int = 2
    lr: float = 3e-4
    max_steps: int = 2
    save_every: int = 1
    out_dir: str = field(default_factory=tempfile.mkdtemp)
