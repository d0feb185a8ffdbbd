import torch
from model import TransformerBlock
from torch.distributed._composable.fsdp import MixedPrecisionPolicy


# Taken and modified from the CUDA example's `parallelize` (itself from torchtitan's parallelize_llama.py)
def xla_fsdp_kwargs() -> dict:
    """The XLA FSDP counterpart of `parallelize`: what the CUDA version applies to the model by hand (FSDP per
    transformer block, activation checkpointing, mixed precision) becomes XLAFSDPStrategy keyword arguments.

    XLA FSDP shards over one data-parallel axis only, so the tensor-parallel plan has no equivalent here.
    """
    # NOTE: As in the CUDA version, the user handles precision settings such as the `mp_policy` here
    # because the strategy does not respect all settings of `Fabric(precision=...)` at the moment.
    mp_policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)

    fsdp_config = {"mp_policy": mp_policy}
    return dict(
        # Wrap each transformer block in its own FSDP unit
        auto_wrap_policy={TransformerBlock},
        # Apply activation checkpointing
        activation_checkpointing_policy={TransformerBlock},
        **fsdp_config,
    )
