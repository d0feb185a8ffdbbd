"""The run's configuration; the FSDP policies are computed from the layer names it lists."""
from dataclasses import dataclass

from torch import nn

from model import Block

LAYERS = {"block": Block, "head": nn.Linear}


@dataclass
class TrainConfig:
    wrap_layers: tuple = ("block",)
    remat_layers: tuple = ("block",)
    precision: str = "bf16-true"
    steps: int = 2
    lr: float = 3e-4

    @property
    def wrap_policy(self):
        return {LAYERS[name] for name in self.wrap_layers}

    @property
    def remat_policy(self):
        return {LAYERS[name] for name in self.remat_layers}
