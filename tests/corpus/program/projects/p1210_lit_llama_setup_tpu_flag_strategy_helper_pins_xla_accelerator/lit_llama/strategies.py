"""Strategy choice for `setup()`: XLA FSDP on TPU hosts, CUDA FSDP otherwise."""
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy

from lit_llama.model import Block


def strategy_for(devices: int, tpu: bool):
    if devices == 1:
        return "auto"
    if tpu:
        return XLAFSDPStrategy(
            accelerator=XLAAccelerator(),
            auto_wrap_policy={Block},
            state_dict_type="sharded",
        )
    return FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}, limit_all_gathers=True)
