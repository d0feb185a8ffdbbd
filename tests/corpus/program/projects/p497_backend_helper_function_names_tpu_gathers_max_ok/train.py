# expect: none
# oracle: OK
# twin: p496_backend_helper_function_misnames_tpu_reduce_max
"""python train.py: the run on the backend backend.py picks (edit it for the GPU cluster)."""
from lightning.fabric import Fabric

import backend
from training.loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator=backend.ACCELERATOR, strategy=backend.STRATEGY, devices="auto")
    fabric.launch(fit)
