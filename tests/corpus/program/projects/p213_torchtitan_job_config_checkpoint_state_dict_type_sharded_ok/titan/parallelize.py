"""How the job is sharded: torchtitan's `parallelize_llama`, as an XLA FSDP strategy."""
from lightning.fabric.strategies import XLAFSDPStrategy

from titan.model import TransformerBlock


def build_strategy(job_config):
    return XLAFSDPStrategy(
        auto_wrap_policy={TransformerBlock},
        state_dict_type=job_config.checkpoint.state_dict_type,
        sequential_save=False,
    )
