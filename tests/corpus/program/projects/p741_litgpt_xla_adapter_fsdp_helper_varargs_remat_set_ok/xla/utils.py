"""TPU helpers shared by the xla/ scripts."""
import itertools
from typing import Any, Type

import lightning as L
import torch.nn as nn
from lightning.fabric.strategies import XLAFSDPStrategy


def rank_print(fabric: L.Fabric, message: object, *, flush: bool = True, **kwargs: Any) -> None:
    if fabric.local_rank == 0:
        message = str(message)
        # let each host print, but only on rank 0
        message = f"[host {fabric.node_rank}] {message}"
        print(message, flush=flush, **kwargs)


def xla_fsdp_strategy(*layer_classes: Type[nn.Module], state_dict_type: str = "sharded", remat: bool = True) -> XLAFSDPStrategy:
    """Shard (and optionally rematerialize) every instance of the given transformer block classes."""
    return XLAFSDPStrategy(
        auto_wrap_policy=set(layer_classes),
        activation_checkpointing_policy=set(layer_classes) if remat else None,
        state_dict_type=state_dict_type,  # "full" needs a shared filesystem on multi-host pods
        sequential_save=True,
    )


def num_parameters(module: nn.Module, requires_grad: bool = None) -> int:
    params = (p for p in module.parameters() if requires_grad is None or p.requires_grad == requires_grad)
    return sum(p.numel() for p in itertools.chain(params))
