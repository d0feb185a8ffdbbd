# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: training/metrics.py
"""python train.py: the run on the backend backend.py picks (edit it for the GPU cluster)."""
from lightning.fabric import Fabric

import backend
from training.loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator=backend.ACCELERATOR, strategy=backend.STRATEGY, devices="auto")
    fabric.launch(fit)
