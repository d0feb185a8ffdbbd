# expect: none
# oracle: OK
# twin: p650_config_singleton_precision_patched_by_entry_mixed
"""python train.py: the learning rate of the sweep applied to the shared config, then the pod run."""
import config
from engine import build_fabric, fit

if __name__ == "__main__":
    config.CFG.lr = 1e-3
    fabric = build_fabric()
    fabric.launch(fit)
