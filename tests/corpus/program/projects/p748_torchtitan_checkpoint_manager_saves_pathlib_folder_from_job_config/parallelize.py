"""Turn the job config into the Fabric strategy (torchtitan's parallelize_llama, for XLA FSDP)."""
from lightning.fabric.strategies import XLAFSDPStrategy

from config_manager import JobConfig
from models import TransformerBlock


def build_strategy(job_config: JobConfig) -> XLAFSDPStrategy:
    ac_mode = job_config.activation_checkpoint.mode
    if ac_mode not in ("none", "selective", "full"):
        raise ValueError(f"Invalid AC mode: {ac_mode}")
    remat = {TransformerBlock} if ac_mode != "none" else None
    return XLAFSDPStrategy(auto_wrap_policy={TransformerBlock}, activation_checkpointing_policy=remat, state_dict_type="sharded")
