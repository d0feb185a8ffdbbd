# expect: LXF003
# oracle: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
# flagged-in: loop.py
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train_step
from model import Block, Net


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    batches = [torch.randn(2, 8, device=fabric.device) for _ in range(2)]
    train_step(fabric, model, optimizer, batches)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(main)
