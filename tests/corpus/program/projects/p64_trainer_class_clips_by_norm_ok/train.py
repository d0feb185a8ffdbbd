# expect: none
# oracle: OK
# twin: p63_trainer_class_clips_by_value
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from model import Block, Net
from trainer import Trainer


def run(fabric):
    Trainer(fabric, TrainConfig()).fit(Net())


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(run)
