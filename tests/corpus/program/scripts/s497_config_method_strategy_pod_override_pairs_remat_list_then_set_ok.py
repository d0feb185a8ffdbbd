# expect: none
# oracle: OK
# twin: s496_config_method_strategy_pod_override_pairs_remat_list
"""python train.py: the run config builds its own strategy, after the pod recipe's overrides are applied by name."""
from dataclasses import dataclass, field

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


@dataclass
class RunConfig:
    precision: str = "32-true"
    remat_layers: set = field(default_factory=lambda: {Block})

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=self.remat_layers)


POD_OVERRIDES = (
    ("precision", "bf16-true"),
    ("remat_layers", [Block]),
    ("remat_layers", {Block}),
)


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


def main():
    cfg = RunConfig()
    for name, value in POD_OVERRIDES:
        setattr(cfg, name, value)
    fabric = Fabric(accelerator="tpu", strategy=cfg.strategy(), precision=cfg.precision)
    fabric.launch(train)


if __name__ == "__main__":
    main()
