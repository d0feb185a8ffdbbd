# expect: LXF006
# oracle: RAISED AttributeError: Can't pickle local object 'make_worker.<locals>.worker'
# flagged-in: trainer/worker.py
"""ConvNet image classification; a factory in the trainer package turns the argparse namespace into the launched worker."""
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from trainer import make_worker
from trainer.models import ConvStage


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--widths", default="16,32")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=8)
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvStage}))
    fabric.launch(make_worker(args))
