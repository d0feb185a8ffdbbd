# expect: none
# oracle: OK
# twin: s942_argv_key_value_overrides_leave_factory_default_bf16_mixed
"""Patch-MLP image classifier on TPU; `key=value` words from sys.argv are parsed by hand and merged over a bf16-true precision before they reach the Fabric factory."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class MixerBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class PatchClassifier(nn.Module):
    def __init__(self, classes=10, patch=8, dim=64, depth=2):
        super().__init__()
        self.patch = patch
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.blocks = nn.Sequential(*(MixerBlock(dim, 2 * dim) for _ in range(depth)))
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        b, c, _, _ = images.shape
        patches = images.unfold(2, self.patch, self.patch).unfold(3, self.patch, self.patch)
        patches = patches.permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * self.patch * self.patch)
        return self.head(self.blocks(self.embed(patches)).mean(dim=1))


def parse_overrides(words):
    """`python train.py lr=0.01 epochs=3` -> {"lr": "0.01", "epochs": "3"}; anything else is ignored."""
    overrides = {}
    for word in words:
        key, sep, value = word.partition("=")
        if sep and key.isidentifier():
            overrides[key] = value
    return overrides


def make_fabric(precision="bf16-mixed", devices="auto", **_unused):
    strategy = XLAFSDPStrategy(auto_wrap_policy={MixerBlock})
    return Fabric(accelerator="tpu", devices=devices, precision=precision, strategy=strategy)


def train(fabric, lr, epochs):
    model = fabric.setup_module(PatchClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9))
    model.train()
    for epoch in range(epochs):
        images = torch.randn(8, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 10, (8,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        fabric.print(f"epoch {epoch} loss {loss.item():.3f}")


if __name__ == "__main__":
    overrides = parse_overrides(sys.argv[1:])
    lr = float(overrides.pop("lr", "0.05"))
    epochs = int(overrides.pop("epochs", "2"))
    fabric = make_fabric(**{"precision": "bf16-true", **overrides})
    fabric.launch(train, lr, epochs)
