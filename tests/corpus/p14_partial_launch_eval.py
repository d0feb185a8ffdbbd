# expect: none
# findings: none
"""Evaluation under XLA FSDP: the launched function is a `functools.partial`, checkpoints are loaded
into the set-up model through a state dict, and metrics are averaged with `reduce_op="mean"`."""
import argparse
from functools import partial

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Classifier(nn.Module):
    def __init__(self, features=2048, classes=1000):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, 4096), nn.ReLU(), nn.Linear(4096, 4096), nn.ReLU())
        self.head = nn.Linear(4096, classes)

    def forward(self, x):
        return self.head(self.body(x))


def evaluate(fabric, checkpoint, batches=100):
    model = fabric.setup_module(Classifier())
    fabric.load(checkpoint, {"model": model}, strict=False)
    model.eval()
    correct = torch.zeros((), device=fabric.device)
    seen = torch.zeros((), device=fabric.device)
    with torch.no_grad():
        for _ in range(batches):
            x = torch.randn(256, 2048, device=fabric.device)
            y = torch.randint(0, 1000, (256,), device=fabric.device)
            correct += (model(x).argmax(-1) == y).sum()
            seen += y.numel()
    accuracy = fabric.all_reduce(correct / seen, reduce_op="mean")
    fabric.print(f"top-1 accuracy: {accuracy.item():.4f}")
    return accuracy.item()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("checkpoint")
    parser.add_argument("--batches", type=int, default=100)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(partial(evaluate, checkpoint=args.checkpoint, batches=args.batches))
