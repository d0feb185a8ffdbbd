"""Objects from the config's names."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

LAYERS = {"Block": Block, "Net": Net}


def build_strategy(cfg):
    wrap = [LAYERS[name] for name in cfg["wrap_layers"]]
    remat = {LAYERS[name] for name in cfg["remat_layers"]}
    return XLAFSDPStrategy(
        auto_wrap_policy=wrap,
        activation_checkpointing_policy=remat or None,
        state_dict_type=cfg["state_dict_type"],
    )
