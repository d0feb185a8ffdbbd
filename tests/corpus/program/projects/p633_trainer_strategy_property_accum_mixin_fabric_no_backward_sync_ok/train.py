# expect: none
# oracle: OK
# twin: p632_trainer_strategy_property_accum_mixin_strategy_no_backward_sync
"""python train.py [pod|smoke]: the block net with the named run profile (`pod` by default)."""
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import PROFILES
from model import Block
from trainer import Trainer


def main(fabric, profile):
    Trainer(fabric, profile["steps"], profile["accumulate"], profile["lr"]).fit()


if __name__ == "__main__":
    profile = PROFILES[sys.argv[1] if len(sys.argv) > 1 else "pod"]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=profile["precision"])
    fabric.launch(main, profile)
