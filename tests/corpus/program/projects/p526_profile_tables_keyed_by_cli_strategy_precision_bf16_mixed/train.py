# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: profiles.py
"""python train.py [--strategy xla_fsdp|ddp]: accelerator, precision and strategy from profiles.py's tables."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from profiles import ACCELERATORS, PRECISIONS, STRATEGIES


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="xla_fsdp", choices=sorted(STRATEGIES))
    args = parser.parse_args()
    fabric = Fabric(
        accelerator=ACCELERATORS[args.strategy],
        precision=PRECISIONS[args.strategy],
        strategy=STRATEGIES[args.strategy](),
    )
    fabric.launch(train)
