"""The TPU runtime as a context: the Fabric for the run, and how long the run took."""
import time
from contextlib import contextmanager

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


@contextmanager
def tpu_fabric(precision="bf16-true"):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=precision)
    start = time.perf_counter()
    try:
        yield fabric
    finally:
        print(f"run took {time.perf_counter() - start:.1f}s")
