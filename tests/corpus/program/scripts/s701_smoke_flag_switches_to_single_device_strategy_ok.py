# expect: none
# oracle: OK
# twin: s700_smoke_option_default_one_device_keeps_xla_fsdp
"""python train.py: a smoke flag runs one TPU core with the single-device strategy; full runs shard over every core."""
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--smoke", action="store_true", help="one TPU core, a couple of steps")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser.parse_args()


def train(fabric, args):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 16, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    if args.smoke:
        fabric = Fabric(accelerator="tpu", devices=1)
    else:
        fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train, args)
