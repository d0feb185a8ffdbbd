"""One place that turns the config's parallelism mode into a Fabric strategy, for GPU and TPU runs alike."""
from lightning.fabric.strategies import XLAFSDPStrategy

from recsys.model import Tower

SHARDED = {"fsdp", "zero3", "full_shard"}


def make_strategy(cfg):
    if cfg.parallelism in SHARDED:
        return XLAFSDPStrategy(auto_wrap_policy={Tower}) if cfg.accelerator == "tpu" else "fsdp"
    return "ddp"
