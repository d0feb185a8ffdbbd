"""A TPU pod slice: the blocks sharded with XLA FSDP."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

from . import register


@register("tpu")
def tpu_backend() -> dict:
    return {
        "accelerator": "tpu",
        "precision": "bf16-true",
        "strategy": XLAFSDPStrategy(auto_wrap_policy={Block}),
    }
