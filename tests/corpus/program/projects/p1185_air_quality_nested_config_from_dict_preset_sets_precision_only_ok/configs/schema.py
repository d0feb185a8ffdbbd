"""Nested dataclasses; `Config.from_dict` accepts the plain dicts of presets.py."""
from dataclasses import dataclass, field, fields
from typing import Optional, Union


@dataclass
class FabricSection:
    accelerator: str = "auto"
    devices: Union[int, str] = "auto"
    precision: Optional[str] = None


@dataclass
class PluginSection:
    # build an XLAPrecision plugin with this name (lets a run use one precision plugin object everywhere)
    xla_precision: Optional[str] = None


@dataclass
class TrainSection:
    steps: int = 3
    lr: float = 1e-3
    batch_size: int = 32
    horizon: int = 6


@dataclass
class Config:
    fabric: FabricSection = field(default_factory=FabricSection)
    plugins: PluginSection = field(default_factory=PluginSection)
    train: TrainSection = field(default_factory=TrainSection)

    @classmethod
    def from_dict(cls, raw: dict) -> "Config":
        kinds = {"fabric": FabricSection, "plugins": PluginSection, "train": TrainSection}
        return cls(**{f.name: kinds[f.name](**raw.get(f.name, {})) for f in fields(cls)})
