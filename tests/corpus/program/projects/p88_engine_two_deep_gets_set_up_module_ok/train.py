# expect: none
# oracle: OK
# twin: p87_engine_two_deep_gets_raw_module
"""python train.py: gradient accumulation over two micro-batches."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine.loop import fit
from model import Block, Net


def main(fabric):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    batches = [
        (torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device))
        for _ in range(4)
    ]
    fit(fabric, model, optimizer, batches)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
