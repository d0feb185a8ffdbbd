# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you t
# flagged-in: src/trainer/ckpt.py
"""python run.py: fit the block net, then a sharded checkpoint under the run's folder."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from src.model import Block
from src.trainer.loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(fit)
