# expect: none
# oracle: OK
# twin: p65_registry_decorator_wrapper_and_remat
import argparse

import torch
from lightning.fabric import Fabric

import strategies  # noqa: F401  (registers the strategies)
from model import Net
from registry import STRATEGIES


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 8, device=fabric.device)).sum())
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="fsdp")
    args = parser.parse_args()
    Fabric(accelerator="tpu", strategy=STRATEGIES[args.strategy]()).launch(main)
