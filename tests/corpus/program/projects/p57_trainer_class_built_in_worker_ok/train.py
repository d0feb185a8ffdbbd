# expect: none
# oracle: OK
# twin: p56_trainer_class_built_before_launch
"""python train.py: each process builds its Trainer inside the launched function."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from trainer import Trainer


def run(fabric):
    trainer = Trainer(fabric, lr=1e-3)
    trainer.fit(fabric)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run)
