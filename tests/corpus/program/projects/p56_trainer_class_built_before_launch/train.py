# expect: LXF019
# oracle: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
# flagged-in: train.py
"""python train.py: the Trainer is built in the launching process and its `fit` is launched."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from trainer import Trainer

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = Trainer(fabric, lr=1e-3)
    fabric.launch(trainer.fit)
