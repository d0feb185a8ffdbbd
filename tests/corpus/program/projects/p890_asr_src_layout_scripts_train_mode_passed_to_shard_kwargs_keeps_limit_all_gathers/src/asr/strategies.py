"""One sharding recipe, two backends: torch FSDP on the GPU boxes, XLA FSDP on the TPU VMs."""
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy

from .model import ConformerBlock


def shard_kwargs(mode):
    kwargs = {"auto_wrap_policy": {ConformerBlock}}
    if mode != "xla":
        # CUDA FSDP only: rate-limit the all-gathers to keep peak memory down
        kwargs["limit_all_gathers"] = True
    return kwargs


def strategy_for(mode):
    if mode == "gpu":
        return FSDPStrategy(**shard_kwargs(mode))
    return XLAFSDPStrategy(**shard_kwargs(mode))
