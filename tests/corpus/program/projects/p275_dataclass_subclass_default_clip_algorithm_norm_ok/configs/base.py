"""The training settings every run shares; `__post_init__` turns the clipping choice into `clip_gradients` kwargs."""
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    lr: float = 3e-4
    batch_size: int = 8
    max_steps: int = 2
    grad_clip: float = 1.0
    clip_algorithm: str = "norm"
    clip_kwargs: dict = field(init=False)

    def __post_init__(self):
        key = "max_norm" if self.clip_algorithm == "norm" else "clip_val"
        self.clip_kwargs = {key: self.grad_clip}
