# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py [--device tpu|cuda]: config.py holds the GPU cluster's defaults; the TPU run adjusts them."""
import argparse

import torch
import torch.nn.functional as F

import config
from model import Net
from utils.fabric import make_fabric


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    for _ in range(config.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="tpu", choices=["tpu", "cuda"])
    args = parser.parse_args()
    if args.device == "tpu":
        config.ACCELERATOR = "tpu"
        config.PRECISION = "bf16-mixed"  # the chips compute in bfloat16
    fabric = make_fabric()
    fabric.launch(train)
