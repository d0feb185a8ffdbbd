# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py: the A100 recipe's settings applied to the shared config, then the pod run."""
import config
from engine import build_fabric, fit

if __name__ == "__main__":
    config.CFG.precision = "bf16-mixed"
    config.CFG.lr = 1e-3
    fabric = build_fabric()
    fabric.launch(fit)
