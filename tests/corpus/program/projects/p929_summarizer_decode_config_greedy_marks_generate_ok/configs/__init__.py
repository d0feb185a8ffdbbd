"""Experiment configuration: model size, optimisation and how the preview summaries are decoded."""
from dataclasses import dataclass, field


@dataclass
class DecodeConfig:
    beam_width: int = 1
    sample: bool = False
    max_new_tokens: int = 5


@dataclass
class Experiment:
    vocab: int = 96
    dim: int = 48
    lr: float = 1e-3
    steps: int = 3
    decode: DecodeConfig = field(default_factory=DecodeConfig)
