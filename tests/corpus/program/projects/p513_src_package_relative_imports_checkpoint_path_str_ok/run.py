# expect: none
# oracle: OK
# twin: p512_src_package_relative_imports_checkpoint_path_object
"""python run.py: fit the block net, then a sharded checkpoint under the run's folder."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from src.model import Block
from src.trainer.loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(fit)
