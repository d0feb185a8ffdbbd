# expect: none
# oracle: OK
# twin: p32_partial_worker_without_fabric
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
