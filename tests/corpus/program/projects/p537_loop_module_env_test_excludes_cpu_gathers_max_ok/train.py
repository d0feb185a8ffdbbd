# expect: none
# oracle: OK
# twin: p536_loop_module_env_test_names_xla_misses_tpu_reduce_max
"""python train.py: the pod's run."""
from lightning.fabric import Fabric

from loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla_fsdp", precision="bf16-true")
    fabric.launch(fit)
