"""What a `detect` section of this pack may name (kb/DETECT.md): the strategy kind `fsdp`, Lightning's
CUDA `FSDPStrategy`, for `strategy` and `fabric`. Registered by `register` when `analysis/detect/` first
reads a section (it finds this module through the pack registry, packs/__init__.py)."""

from __future__ import annotations

from ...detect import Registrar

FSDP_STRATEGY = "lightning.fabric.strategies.FSDPStrategy"  # `fsdp.FSDPStrategy` resolves to it (names.py)


def register(detect: Registrar) -> None:
    # `strategy="fsdp"` with a TPU accelerator is XLAFSDP (Lightning remaps it; the core tells that
    # first); otherwise "fsdp", in any case, or an FSDPStrategy object is this pack's strategy
    detect.strategy("fsdp", names=("fsdp",), classes=(FSDP_STRATEGY,))
