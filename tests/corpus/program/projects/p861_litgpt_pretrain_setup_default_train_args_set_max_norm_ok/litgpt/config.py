"""litgpt/config.py: model hyperparameters, looked up by name."""
from dataclasses import dataclass
from typing import Any, Optional


@dataclass
class Config:
    name: str = ""
    block_size: int = 4096
    vocab_size: int = 50254
    padded_vocab_size: Optional[int] = None
    n_layer: int = 16
    n_head: int = 32
    n_embd: int = 4096
    bias: bool = True

    def __post_init__(self):
        if self.padded_vocab_size is None:
            self.padded_vocab_size = self.vocab_size

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        if name not in name_to_config:
            raise ValueError(f"{name!r} is not a supported config name")
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


configs = [
    # tiny versions of the Pythia family, small enough for a CPU smoke test
    dict(name="pythia-14m-tiny", block_size=32, vocab_size=96, n_layer=2, n_head=2, n_embd=32),
    dict(name="pythia-70m-tiny", block_size=64, vocab_size=96, n_layer=4, n_head=4, n_embd=64),
]

name_to_config = {config["name"]: config for config in configs}
