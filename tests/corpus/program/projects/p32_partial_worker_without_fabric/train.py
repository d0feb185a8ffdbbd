# expect: LXF018
# oracle: RAISED TypeError: train_loop() got multiple values for argument 'cfg'
# flagged-in: loop.py
"""python train.py"""
from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train_loop
from model import Block

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    cfg = {"lr": 1e-3}
    fabric.launch(partial(train_loop, cfg=cfg))
