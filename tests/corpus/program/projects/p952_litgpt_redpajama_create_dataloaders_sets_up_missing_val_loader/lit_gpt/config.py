from dataclasses import dataclass
from typing import Any, Optional


@dataclass
class Config:
    name: str = ""
    block_size: int = 4096
    vocab_size: int = 50254
    padding_multiple: int = 512
    padded_vocab_size: Optional[int] = None
    n_layer: int = 16
    n_head: int = 32
    n_embd: int = 4096
    bias: bool = True
    intermediate_size: Optional[int] = None

    def __post_init__(self):
        if self.padded_vocab_size is None:
            self.padded_vocab_size = -(-self.vocab_size // self.padding_multiple) * self.padding_multiple
        if self.intermediate_size is None:
            self.intermediate_size = 4 * self.n_embd

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


configs = [
    # https://huggingface.co/EleutherAI/pythia-70m/blob/main/config.json
    dict(name="pythia-70m", block_size=2048, n_layer=6, n_embd=512, n_head=8, padding_multiple=128),
    # a smoke-test size of the same family
    dict(name="pythia-tiny", block_size=32, vocab_size=256, n_layer=2, n_embd=32, n_head=4, padding_multiple=64),
]
name_to_config = {config["name"]: config for config in configs}
