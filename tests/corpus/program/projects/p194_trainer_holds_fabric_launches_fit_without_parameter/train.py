# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<bound method Trainer.fit of <engine.Trainer object at 0x7fd5f8566390>>)` needs to take at least
# flagged-in: engine.py
"""python train.py: the engine's loop on every TPU core."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine import Trainer
from model import Block

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = Trainer(fabric)
    fabric.launch(trainer.fit)
