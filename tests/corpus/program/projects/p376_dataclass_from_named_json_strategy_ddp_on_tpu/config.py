"""Run settings: a dataclass filled from configs/<name>.json."""
import json
from dataclasses import dataclass
from pathlib import Path

CONFIG_DIR = Path(__file__).parent / "configs"


@dataclass
class TrainConfig:
    accelerator: str = "auto"
    strategy: str = "auto"
    precision: str = "32-true"
    lr: float = 1e-3
    steps: int = 10


def load(name: str = "pod") -> TrainConfig:
    with open(CONFIG_DIR / f"{name}.json") as f:
        return TrainConfig(**json.load(f))
