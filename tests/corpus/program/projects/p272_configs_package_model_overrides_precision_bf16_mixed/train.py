# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: configs/gpt_small.py
"""python train.py --model gpt-small: the block net under XLA FSDP with that model's Fabric settings."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import fabric_config
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="gpt-small", choices=["gpt-nano", "gpt-small"])
    args = parser.parse_args()
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **fabric_config(args.model))
    fabric.launch(train)


if __name__ == "__main__":
    main()
