"""Qualified names of the Lightning API, and how else a file may spell them."""

from __future__ import annotations

from ...tips import Tips

XLAFSDP_STRATEGY = "lightning.fabric.strategies.XLAFSDPStrategy"
FSDP_STRATEGY = "lightning.fabric.strategies.FSDPStrategy"
FABRIC = "lightning.fabric.Fabric"
# Top-level packages read as libraries, never as modules of the user's project (even in their own source tree).
LIBRARIES = ("lightning", "lightning_fabric", "pytorch_lightning", "torch", "torch_xla")
# `lightning_fabric` is the standalone distribution of `lightning.fabric`: one package under two names.
PACKAGES = {"lightning_fabric": "lightning.fabric"}
# Every public spelling of a class, after `lightning_fabric` is read as `lightning.fabric`.
SPELLINGS = {
    "lightning.fabric.strategies.xla_fsdp.XLAFSDPStrategy": XLAFSDP_STRATEGY,
    "lightning.fabric.strategies.fsdp.FSDPStrategy": FSDP_STRATEGY,
    "lightning.Fabric": FABRIC,
    "lightning.fabric.fabric.Fabric": FABRIC,
}
# What `from M import *` brings in, for the modules that export the classes above.
STAR_EXPORTS = {
    "lightning.fabric.strategies": frozenset({"XLAFSDPStrategy", "FSDPStrategy"}),
    "lightning.fabric.strategies.xla_fsdp": frozenset({"XLAFSDPStrategy"}),  # no __all__: every public name
    "lightning.fabric.strategies.fsdp": frozenset({"FSDPStrategy"}),
    "lightning.fabric": frozenset({"Fabric"}),
    "lightning": frozenset({"Fabric"}),
}


def canonical(name: str) -> str:
    """The one qualified name of a Lightning name, however it is spelt."""
    return _NAMING.canonical(name)


_NAMING = Tips(packages=PACKAGES, spellings=SPELLINGS)
