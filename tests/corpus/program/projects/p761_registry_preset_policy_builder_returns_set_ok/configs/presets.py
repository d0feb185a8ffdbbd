"""Named presets for the TPU slices we run on."""
import dataclasses
from dataclasses import dataclass, field


@dataclass
class ModelConfig:
    vocab_size: int = 256
    dim: int = 64
    depth: int = 2
    heads: int = 4
    wrap_layers: tuple = ("TransformerBlock",)


@dataclass
class TrainConfig:
    strategy: str = "xla_fsdp"
    model: ModelConfig = field(default_factory=ModelConfig)
    lr: float = 3e-4
    batch_size: int = 8
    seq_len: int = 32
    steps: int = 2

    @classmethod
    def from_preset(cls, name, **overrides):
        base = PRESETS[name]
        return dataclasses.replace(base, **overrides)


PRESETS = {
    "debug": TrainConfig(steps=1, model=ModelConfig(depth=1)),
    "tpu-v4": TrainConfig(batch_size=8, model=ModelConfig(dim=64, depth=2)),
    "tpu-v5e": TrainConfig(batch_size=16, lr=2e-4, model=ModelConfig(dim=128, depth=4)),
}
