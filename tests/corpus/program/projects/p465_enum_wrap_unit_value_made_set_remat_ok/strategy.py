"""The XLA FSDP strategy for a wrap unit: wrap and checkpoint the same layers."""
from lightning.fabric.strategies import XLAFSDPStrategy

from units import WrapUnit


def make_strategy(unit: WrapUnit) -> XLAFSDPStrategy:
    layers = set(unit.value)
    return XLAFSDPStrategy(auto_wrap_policy=set(unit.value), activation_checkpointing_policy=layers)
