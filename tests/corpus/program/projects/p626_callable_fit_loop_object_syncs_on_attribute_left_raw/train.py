# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# flagged-in: loops/fit.py
"""python train.py: the block net, two micro-batches per optimizer step."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loops.fit import FitLoop
from model import Block, Net

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(FitLoop(Net(), steps=4, accumulate=2))
