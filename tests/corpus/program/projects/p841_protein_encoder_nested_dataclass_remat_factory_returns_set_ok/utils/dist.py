"""Strategy construction, kept apart from the training loop so the GPU and TPU entry points share it."""
from lightning.fabric.strategies import XLAFSDPStrategy


def fsdp_kwargs(fsdp_cfg):
    return {
        "auto_wrap_policy": fsdp_cfg.wrap_layers,
        "activation_checkpointing_policy": fsdp_cfg.remat_layers,
        "reshard_after_forward": fsdp_cfg.reshard_after_forward,
        "state_dict_type": fsdp_cfg.state_dict_type,
    }


def make_strategy(**kwargs):
    return XLAFSDPStrategy(**kwargs)


def build(fsdp_cfg):
    return make_strategy(**fsdp_kwargs(fsdp_cfg))
