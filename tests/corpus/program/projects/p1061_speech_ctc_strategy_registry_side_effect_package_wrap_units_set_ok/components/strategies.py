"""Strategies this project registers: plain XLA data parallel and XLA FSDP wrapping each conformer block."""
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy

from registry import register_strategy

from .acoustic import ConformerBlock


@register_strategy("xla_ddp")
def xla_ddp(**kwargs):
    return XLAStrategy(**kwargs)


@register_strategy("fsdp_blocks")
def fsdp_blocks(wrap_units={ConformerBlock}, **kwargs):
    return XLAFSDPStrategy(auto_wrap_policy=wrap_units, **kwargs)
