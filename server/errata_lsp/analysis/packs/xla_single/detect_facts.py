"""What a `detect` section of this pack may name (kb/DETECT.md): the strategy kind `xla`, Lightning's
multi-device `XLAStrategy`, for `strategy` and `fabric`. Registered by `register` when `analysis/detect/`
first reads a section (it finds this module through the pack registry, packs/__init__.py)."""

from __future__ import annotations

from ...detect import Registrar

# Both public spellings: `lightning.fabric.strategies` re-exports the class of `strategies/xla.py`.
XLA_STRATEGY = ("lightning.fabric.strategies.XLAStrategy", "lightning.fabric.strategies.xla.XLAStrategy")


def register(detect: Registrar) -> None:
    # `strategy="xla"` (the registry name of XLAStrategy, strategies/xla.py l.303) or an XLAStrategy
    # object; `SingleDeviceXLAStrategy` ("single_xla") is another kind: its collectives are no-ops
    detect.strategy("xla", names=("xla",), classes=XLA_STRATEGY)
