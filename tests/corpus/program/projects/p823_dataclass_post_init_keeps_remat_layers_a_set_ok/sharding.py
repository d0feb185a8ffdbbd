from lightning.fabric.strategies import XLAFSDPStrategy


def strategy_from(sharding):
    kwargs = {"auto_wrap_policy": sharding.wrap_layers}
    if sharding.remat_layers:
        kwargs["activation_checkpointing_policy"] = sharding.remat_layers
    return XLAFSDPStrategy(**kwargs)
