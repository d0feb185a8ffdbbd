# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'model.Block'>,). You can try defining and passing `auto_
# flagged-in: configs/v4_8.py
"""python train.py [--config NAME]: train the block net with the config module of the pod slice."""
import argparse
import importlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Net


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
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="v4_8")
    args = parser.parse_args()
    cfg = importlib.import_module(f"configs.{args.config}")
    fabric = Fabric(accelerator="tpu", precision=cfg.PRECISION, strategy=XLAFSDPStrategy(**cfg.STRATEGY))
    fabric.launch(train, cfg.STEPS)


if __name__ == "__main__":
    main()
