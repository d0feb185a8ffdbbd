# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# flagged-in: launch.py
"""python train.py: customer-churn classifier on tabular account features; `tpu_entry(...)` turns the plain `fit(fabric, ...)` into the script's entry point."""
from configs import FABRIC_OPTIONS
from launch import tpu_entry
from steps import fit

main = tpu_entry(**FABRIC_OPTIONS)(fit)

if __name__ == "__main__":
    main(epochs=2, batch_size=32)
