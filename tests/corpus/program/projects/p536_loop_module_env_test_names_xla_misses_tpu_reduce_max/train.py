# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: loop.py
"""python train.py: the pod's run."""
from lightning.fabric import Fabric

from loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla_fsdp", precision="bf16-true")
    fabric.launch(fit)
