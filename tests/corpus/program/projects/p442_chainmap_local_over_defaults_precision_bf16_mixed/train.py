# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: configs/local.py
"""python train.py: train the block net with the defaults, as this machine's configs/local.py overrides them."""
from collections import ChainMap

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import defaults, local
from model import Block, Net


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    settings = ChainMap(local.FABRIC, defaults.FABRIC)
    fabric = Fabric(**settings, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.print(f"precision {settings['precision']} on {settings['accelerator']}")
    fabric.launch(train, defaults.STEPS)


if __name__ == "__main__":
    main()
