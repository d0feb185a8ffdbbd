# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# flagged-in: train.py
"""python train.py: fit the parcel ETA regressor on a TPU VM."""
from eta.loop import fit
from eta.model import Tower
from runtime import Runtime


def main():
    runtime = Runtime(wrap=[Tower])
    runtime.start()
    fit(runtime.fabric, steps=3)


if __name__ == "__main__":
    main()
