# expect: none
# oracle: OK
# twin: p194_trainer_holds_fabric_launches_fit_without_parameter
"""python train.py: the engine's loop on every TPU core."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine import Trainer
from model import Block

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = Trainer()
    fabric.launch(trainer.fit)
