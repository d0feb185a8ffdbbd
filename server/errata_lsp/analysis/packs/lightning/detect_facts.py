"""What `detect` reads of a Fabric (`receiver: fabric`, `strategy`, `fabric`), told by the pack that knows
it; registered by `register` when `analysis/detect/` first reads a section."""

from __future__ import annotations

from ...detect import FabricFacts, Registrar
from .fabric import (
    fabric_kind,
    fabric_strategy,
    fabric_strategy_paths,
    own_fabric_kind,
    strategy_calls,
    strategy_holders,
)
from .names import FABRIC


def register(detect: Registrar) -> None:
    detect.fabric(FabricFacts(FABRIC, fabric_kind, fabric_strategy, own_fabric_kind, strategy_calls,
                              fabric_strategy_paths, strategy_holders))
