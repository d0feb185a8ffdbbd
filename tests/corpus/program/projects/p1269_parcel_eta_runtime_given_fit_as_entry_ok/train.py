# expect: none
# oracle: OK
# twin: p1268_parcel_eta_runtime_start_without_entry_launches_script_mode
"""python train.py: fit the parcel ETA regressor on a TPU VM."""
from eta.loop import fit
from eta.model import Tower
from runtime import Runtime


def main():
    runtime = Runtime(wrap=[Tower], entry=fit)
    runtime.start(3)


if __name__ == "__main__":
    main()
