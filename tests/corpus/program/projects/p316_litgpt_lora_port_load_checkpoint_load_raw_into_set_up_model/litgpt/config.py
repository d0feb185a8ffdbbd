"""Model presets, looked up by name as litgpt's `Config.from_name` does."""
from dataclasses import dataclass
from typing import Any


@dataclass
class Config:
    name: str = ""
    block_size: int = 16
    vocab_size: int = 64
    n_layer: int = 2
    n_embd: int = 32
    lora_r: int = 0
    lora_alpha: int = 1

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        conf_dict = next(config for config in configs if config["name"] == name).copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


configs = [
    dict(name="pythia-tiny", block_size=16, vocab_size=64, n_layer=2, n_embd=32),
]
