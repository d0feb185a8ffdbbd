"""The run's config: an attrs class built from the plain dict a YAML/JSON file would give."""
from __future__ import annotations

from typing import Any

import attrs

import models


def _layer_classes(names: list[str]) -> list[type]:
    return [getattr(models, name) for name in names]


@attrs.define
class FSDPConfig:
    wrap: set = attrs.field(factory=set)
    remat: Any = None
    state_dict_type: str = "sharded"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> FSDPConfig:
        wrap = set(_layer_classes(raw.get("wrap", [])))
        remat = set(_layer_classes(raw["remat"])) if raw.get("remat") else None
        return cls(wrap=wrap, remat=remat, state_dict_type=raw.get("state_dict_type", "sharded"))

    def strategy_kwargs(self) -> dict[str, Any]:
        kwargs = attrs.asdict(self, recurse=False)
        kwargs["auto_wrap_policy"] = kwargs.pop("wrap")
        kwargs["activation_checkpointing_policy"] = kwargs.pop("remat")
        return kwargs


@attrs.define
class TrainConfig:
    fsdp: FSDPConfig
    lr: float = 3e-4
    steps: int = 2
    precision: str = "bf16-true"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> TrainConfig:
        return cls(fsdp=FSDPConfig.from_dict(raw.get("fsdp", {})), **{k: v for k, v in raw.items() if k != "fsdp"})


# what `yaml.safe_load(open("configs/tpu_v4.yaml"))` gives
TPU_V4 = {
    "lr": 1e-3,
    "precision": "bf16-true",
    "fsdp": {"wrap": ["Attention", "FeedForward"], "remat": ["FeedForward"]},
}
