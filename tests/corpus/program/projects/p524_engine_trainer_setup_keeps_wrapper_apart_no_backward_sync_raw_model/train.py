# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# flagged-in: engine/trainer.py
"""python train.py: the Trainer accumulates gradients over two steps, skipping the sync between them."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine import Trainer
from model import Block, Net


def main(fabric):
    Trainer(Net()).fit(fabric)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
