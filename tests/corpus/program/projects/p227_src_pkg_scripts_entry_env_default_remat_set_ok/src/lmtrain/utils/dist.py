"""The XLA FSDP strategy, with the activation checkpointing the environment asks for."""
import os

from lightning.fabric.strategies import XLAFSDPStrategy

from ..models import Block

# LMTRAIN_REMAT=none turns recomputation off (faster steps, more memory)
REMAT_POLICIES = {
    "none": None,
    "blocks": {Block},
}


def make_strategy():
    remat = os.environ.get("LMTRAIN_REMAT", "blocks")
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT_POLICIES[remat])
