from dataclasses import dataclass, field

from model import Block


@dataclass
class Config:
    lr: float = 1e-3
    steps: int = 2
    gradient_checkpointing: bool = True
    checkpoint_layers: list = field(default_factory=lambda: [Block])


config = Config()
