# expect: LXF007
# oracle: RAISED ValueError: `precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py [--config configs/tpu.yaml]: train the block net with the settings of a YAML file."""
import argparse
from pathlib import Path

import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

HERE = Path(__file__).resolve().parent


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", type=Path, default=HERE / "configs" / "tpu.yaml")
    return parser.parse_args()


def train(fabric, cfg):
    model = fabric.setup_module(Net(**cfg["model"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["optim"]["lr"]))
    for _ in range(cfg["optim"]["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    args = parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    fabric = Fabric(
        accelerator=cfg["fabric"]["accelerator"],
        devices=cfg["fabric"]["devices"],
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        precision=cfg["fabric"]["precision"],
    )
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
