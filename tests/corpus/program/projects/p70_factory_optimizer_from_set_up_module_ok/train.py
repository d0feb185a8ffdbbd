# expect: none
# oracle: OK
# twin: p69_factory_optimizer_from_raw_module
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from factory import build


def main(fabric):
    model, optimizer = build(fabric)
    fabric.backward(model(torch.randn(2, 8, device=fabric.device)).sum())
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
