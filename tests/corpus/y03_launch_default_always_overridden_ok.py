# expect: none
# findings: none
"""`run(fabric, fn=None)` launches without a function only when fn is None; its one caller always passes one."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    model(torch.randn(2, 4, device=fabric.device)).sum()


def run(fabric, fn=None):
    if fn is None:
        return fabric.launch()
    return fabric.launch(fn)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    run(fabric, train)
