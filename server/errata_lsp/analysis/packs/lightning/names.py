"""Qualified names of the Lightning API, and how else a file may spell them."""

from __future__ import annotations

from ...tips import Tips

XLAFSDP_STRATEGY = "lightning.fabric.strategies.XLAFSDPStrategy"
FSDP_STRATEGY = "lightning.fabric.strategies.FSDPStrategy"
FABRIC = "lightning.fabric.Fabric"
# Fabric's strategy classes (lightning 2.6.6, fabric/strategies): XLAFSDPStrategy derives from ParallelStrategy
# (and the private _Sharded), ParallelStrategy from Strategy; no other strategy class is one of its bases.
STRATEGIES_PACKAGE = "lightning.fabric.strategies."
XLAFSDP_BASES = frozenset({XLAFSDP_STRATEGY, "lightning.fabric.strategies.ParallelStrategy",
                           "lightning.fabric.strategies.Strategy"})
# The `torch.device(...).type` of `fabric.device` under XLAFSDPStrategy: its root device is `xla:<ordinal>`
# (`XLAAccelerator`, a TPU's too: never "tpu").
XLAFSDP_DEVICE_TYPE = "xla"
# Fabric's accelerator classes: XLAFSDPStrategy runs on the XLAAccelerator (fabric/accelerators/xla.py), which
# derives from Accelerator alone.
ACCELERATORS_PACKAGE = "lightning.fabric.accelerators."
XLA_ACCELERATOR = "lightning.fabric.accelerators.XLAAccelerator"
XLA_ACCELERATOR_BASES = frozenset({XLA_ACCELERATOR, "lightning.fabric.accelerators.Accelerator"})
# Top-level packages read as libraries, never as modules of the user's project (even in their own source tree).
LIBRARIES = ("lightning", "lightning_fabric", "pytorch_lightning", "torch", "torch_xla")
# `lightning_fabric` is the standalone distribution of `lightning.fabric`: one package under two names.
PACKAGES = {"lightning_fabric": "lightning.fabric"}
# The distribution whose version a module's `__version__` is (after the spellings above): the Lightning packages
# ship in lockstep, one version under three names; torch's `__version__` is a `TorchVersion`, a str that compares
# with a string as a version (torch/torch_version.py), where lightning's and torch_xla's compare as strings.
DISTRIBUTIONS = {"lightning": "lightning", "lightning.fabric": "lightning", "lightning.pytorch": "lightning",
                 "pytorch_lightning": "lightning", "torch": "torch", "torch_xla": "torch-xla"}
VERSION_OBJECTS = ("torch",)
# Every public spelling of a class, after `lightning_fabric` is read as `lightning.fabric`.
SPELLINGS = {
    "lightning.fabric.strategies.xla_fsdp.XLAFSDPStrategy": XLAFSDP_STRATEGY,
    "lightning.fabric.strategies.fsdp.FSDPStrategy": FSDP_STRATEGY,
    "lightning.Fabric": FABRIC,
    "lightning.fabric.fabric.Fabric": FABRIC,
    "lightning.fabric.strategies.parallel.ParallelStrategy": "lightning.fabric.strategies.ParallelStrategy",
    "lightning.fabric.strategies.strategy.Strategy": "lightning.fabric.strategies.Strategy",
    "lightning.fabric.accelerators.xla.XLAAccelerator": "lightning.fabric.accelerators.XLAAccelerator",
    "lightning.fabric.accelerators.accelerator.Accelerator": "lightning.fabric.accelerators.Accelerator",
    "torch.distributed.distributed_c10d.ReduceOp": "torch.distributed.ReduceOp",  # torchtitan's `c10d.ReduceOp`
    **{f"lightning.{where}.XLAAccelerator.is_available": "lightning.fabric.accelerators.XLAAccelerator.is_available"
       for where in ("fabric.accelerators.xla", "pytorch.accelerators", "pytorch.accelerators.xla")},
}
# torch classes whose members are Enum members: `ReduceOp.MAX.name` is "MAX" (torchtitan's `dist_max`)
ENUMS = ("torch.distributed.ReduceOp",)
# Probes of the machine and of the torch build: the same answer each time one process asks (torch 2.9:
# `torch.cuda.device_count` is cached, `is_available` reads the driver and the environment set before the
# run), so two tests on one of them are one condition (`Tips.pure`).
# torch's grad-mode and autocast decorators (torch 2.9.0 `autograd/grad_mode.py`, `amp/autocast_mode.py`): the
# wrapper calls the function with the arguments it is given
TRANSPARENT_DECORATORS = ("torch.no_grad", "torch.inference_mode", "torch.enable_grad", "torch.autocast",
                          "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad")
# Lightning's XLA accelerator probe (lightning 2.6.6, fabric/accelerators/xla.py `XLAAccelerator.is_available`: whether
# the machine has XLA devices; pytorch's class derives from it and keeps it)
XLA_PROBE = "lightning.fabric.accelerators.XLAAccelerator.is_available"
PURE_CALLS = ("torch.cuda.is_available", "torch.cuda.device_count", "torch.cuda.is_bf16_supported",
              "torch.backends.mps.is_available", "torch.distributed.is_available", XLA_PROBE)
# The public members of `lightning.fabric.Fabric` (lightning 2.6.6, fabric/fabric.py): what a parameter read
# as `fabric.<member>` is used as.
FABRIC_MEMBERS = frozenset({
    "accelerator", "all_gather", "all_reduce", "autocast", "backward", "barrier", "broadcast", "call",
    "clip_gradients", "device", "global_rank", "init_module", "init_tensor", "is_global_zero", "launch", "load",
    "load_raw", "local_rank", "log", "log_dict", "logger", "loggers", "no_backward_sync", "node_rank", "print",
    "rank_zero_first", "run", "save", "seed_everything", "setup", "setup_dataloaders", "setup_module",
    "setup_optimizers", "sharded_model", "strategy", "to_device", "world_size",
})
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
