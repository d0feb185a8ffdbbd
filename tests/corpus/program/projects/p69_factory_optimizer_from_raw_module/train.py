# expect: LXF013
# oracle: RAISED ValueError: optimizer got an empty parameter list
# flagged-in: factory.py
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
