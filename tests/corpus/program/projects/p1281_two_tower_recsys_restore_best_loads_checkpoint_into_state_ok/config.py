"""Hyper-parameters of the two-tower retrieval model."""
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class RecConfig:
    num_users: int = 200
    num_items: int = 300
    num_clusters: int = 6
    dim: int = 32
    hidden: int = 64
    temperature: float = 0.1
    batch_size: int = 64
    lr: float = 2e-3
    epochs: int = 3
    steps_per_epoch: int = 2
    recall_k: int = 10
    ckpt_dir: Optional[str] = None
    tags: list = field(default_factory=lambda: ["two-tower", "tpu"])
