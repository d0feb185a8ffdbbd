# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: trainkit/config/defaults.py
"""python train.py [--remat]: train trainkit's block net on a pod."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from trainkit import make_strategy
from trainkit.models.blocknet import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", action="store_true")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(remat=args.remat), precision="bf16-true")
    fabric.launch(train)
