"""Distributed setup helpers."""
from lightning.fabric.strategies import XLAFSDPStrategy


def _xla_fsdp(**fsdp_kwargs):
    # XLAFSDPStrategy forwards what it does not know itself to torch_xla's XlaFullyShardedDataParallel.
    return XLAFSDPStrategy(**fsdp_kwargs)


def make_strategy(kind="xla_fsdp", **kwargs):
    if kind != "xla_fsdp":
        raise ValueError(f"only xla_fsdp is supported on TPU, got {kind!r}")
    kwargs.setdefault("state_dict_type", "sharded")
    return _xla_fsdp(**kwargs)
