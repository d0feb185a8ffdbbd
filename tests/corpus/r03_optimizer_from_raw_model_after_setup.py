# expect: LXF013
# real: RAISED ValueError: optimizer got an empty parameter list
# findings: LXF013 error 36
"""A port of a public Fabric example: the raw model is kept under its own name and the optimizer is built
from it after `setup_module`. XLAFSDP has moved its parameters into the set-up model's shards, so torch
raises "optimizer got an empty parameter list" where the optimizer is built.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.fc = nn.Linear(8 * 16, 10)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def batches(fabric, n=2):
    for _ in range(n):
        images = torch.randn(8, 1, 28, 28, device=fabric.device)
        labels = torch.randint(0, 10, (8,), device=fabric.device)
        yield images, labels


def run(fabric):
    net = Classifier()
    model = fabric.setup_module(net)
    optimizer = torch.optim.Adadelta(net.parameters(), lr=1.0)
    optimizer = fabric.setup_optimizers(optimizer)
    for images, labels in batches(fabric):
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(run)
