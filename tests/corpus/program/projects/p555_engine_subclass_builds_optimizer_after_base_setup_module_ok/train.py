# expect: none
# oracle: OK
# twin: p554_engine_subclass_builds_optimizer_before_base_setup_module
"""python train.py: the classifier Trainer on XLA FSDP."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine import ClassifierTrainer
from model import Block, Net


def main(fabric):
    ClassifierTrainer(Net()).fit(fabric)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
