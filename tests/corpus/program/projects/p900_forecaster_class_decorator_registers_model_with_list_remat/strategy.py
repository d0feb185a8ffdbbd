"""Builds the XLA FSDP strategy from what a model class declared when it was registered."""
from lightning.fabric.strategies import XLAFSDPStrategy


def strategy_for(model_cls, **overrides):
    kwargs = {}
    if model_cls.fsdp_wrap:
        kwargs["auto_wrap_policy"] = model_cls.fsdp_wrap
    if model_cls.fsdp_remat:
        kwargs["activation_checkpointing_policy"] = model_cls.fsdp_remat
    kwargs.update(overrides)
    return XLAFSDPStrategy(**kwargs)
