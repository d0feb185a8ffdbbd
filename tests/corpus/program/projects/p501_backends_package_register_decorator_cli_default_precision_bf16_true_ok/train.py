# expect: none
# oracle: OK
# twin: p500_backends_package_register_decorator_cli_default_precision_bf16_mixed
"""python train.py [--backend tpu|cpu]: the backend's Fabric settings come from the backends registry."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import backends
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", default="tpu", choices=backends.available())
    args = parser.parse_args()
    fabric = Fabric(**backends.fabric_kwargs(args.backend))
    fabric.launch(train)


if __name__ == "__main__":
    main()
