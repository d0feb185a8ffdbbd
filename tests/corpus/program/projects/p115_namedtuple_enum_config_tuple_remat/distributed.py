"""Builds the strategy the configuration names."""
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import StrategyName


def build_strategy(cfg):
    if cfg.strategy_name is StrategyName.FSDP:
        return XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers)
    elif cfg.strategy_name is StrategyName.FSDP_REMAT:
        return XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers, activation_checkpointing_policy=cfg.remat_layers)
    raise ValueError(f"unknown strategy: {cfg.strategy_name}")
