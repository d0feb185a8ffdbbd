"""litgpt/config.py, with the LoRA fields of litgpt/lora.py's Config."""
from dataclasses import dataclass
from typing import Any


@dataclass
class Config:
    name: str = ""
    block_size: int = 4096
    vocab_size: int = 50254
    n_layer: int = 16
    n_head: int = 32
    n_embd: int = 4096
    # LoRA
    lora_r: int = 0
    lora_alpha: int = 1
    lora_dropout: float = 0.0
    lora_query: bool = False
    lora_key: bool = False
    lora_value: bool = False
    lora_projection: bool = False
    lora_mlp: bool = False
    lora_head: bool = False

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        if name not in name_to_config:
            raise ValueError(f"{name!r} is not a supported config name")
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


configs = [
    dict(name="tiny-llama-debug", block_size=32, vocab_size=96, n_layer=2, n_head=2, n_embd=32),
    dict(name="tiny-llama-small", block_size=64, vocab_size=96, n_layer=4, n_head=4, n_embd=64),
]

name_to_config = {config["name"]: config for config in configs}
