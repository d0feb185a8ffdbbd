"""`Config.from_name(name)`: a named config from config_list.py, with keyword overrides."""
from dataclasses import dataclass
from typing import Any

from config_list import configs


@dataclass
class Config:
    name: str = ""
    block_size: int = 64
    vocab_size: int = 64
    n_layer: int = 2
    n_embd: int = 32
    precision: str = "32-true"

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        if name not in name_to_config:
            raise ValueError(f"{name!r} is not a supported config name")
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


name_to_config = {config["name"]: config for config in configs}
