# expect: none
# oracle: OK
# twin: p1126_churn_tpu_entry_decorator_factory_launches_then_calls_in_place
"""python train.py: customer-churn classifier on tabular account features; `tpu_entry(...)` turns the plain `fit(fabric, ...)` into the script's entry point."""
from configs import FABRIC_OPTIONS
from launch import tpu_entry
from steps import fit

main = tpu_entry(**FABRIC_OPTIONS)(fit)

if __name__ == "__main__":
    main(epochs=2, batch_size=32)
