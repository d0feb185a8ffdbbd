"""torchtitan/models/llama3/parallelize.py for TPU: the parallelisms become an XLAFSDPStrategy."""
from lightning.fabric.strategies import XLAFSDPStrategy

from config_manager import JobConfig
from model import TransformerBlock


def parallelize_llama(job_config: JobConfig) -> XLAFSDPStrategy:
    """FSDP over every TransformerBlock; "full" activation checkpointing recomputes each block in backward."""
    ac_mode = job_config.activation_checkpoint.mode
    if ac_mode not in ("none", "full", "selective"):
        raise ValueError(f"Invalid AC mode: {ac_mode}")
    remat = {TransformerBlock} if ac_mode == "full" else None
    return XLAFSDPStrategy(
        auto_wrap_policy={TransformerBlock},
        activation_checkpointing_policy=remat,
        state_dict_type="sharded",
    )
