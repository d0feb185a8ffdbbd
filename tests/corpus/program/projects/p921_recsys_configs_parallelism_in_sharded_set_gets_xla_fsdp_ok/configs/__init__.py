"""Run settings for the two-tower recommender."""
from dataclasses import dataclass


@dataclass
class RunConfig:
    accelerator: str = "tpu"
    parallelism: str = "full_shard"
    n_users: int = 500
    n_items: int = 800
    dim: int = 32
    batch_size: int = 64
    lr: float = 5e-3
    steps: int = 3
