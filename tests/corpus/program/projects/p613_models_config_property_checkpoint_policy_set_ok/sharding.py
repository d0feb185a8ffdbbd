"""How a model is sharded on the TPU pod: FSDP over its blocks, recomputed as the config says."""
from lightning.fabric.strategies import XLAFSDPStrategy


def fsdp_strategy(config):
    return XLAFSDPStrategy(
        auto_wrap_policy={config.block_cls},
        activation_checkpointing_policy=config.checkpoint_policy,
        state_dict_type="sharded",
    )
