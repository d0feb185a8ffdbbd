# expect: none
# oracle: OK
# twin: p33_registry_decorator_strategy_list
"""python train.py [--strategy fsdp|fsdp_remat]"""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from strategies import REGISTRY


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=sorted(REGISTRY), default="fsdp_remat")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=REGISTRY[args.strategy]())
    fabric.launch(train)
