# expect: LXF023
# findings: LXF023 error 45
"""Keeps a handle on the raw model and saves that one: XLAFSDPStrategy.save_checkpoint finds no
XLA FSDP module in the state and raises ValueError ("Could not find a XLAFSDP model in the provided
checkpoint state")."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class UNetBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(8, cout), nn.SiLU())

    def forward(self, x):
        return self.conv(x)


class Segmenter(nn.Module):
    def __init__(self, classes=21):
        super().__init__()
        self.enc = nn.Sequential(UNetBlock(3, 64), UNetBlock(64, 128), UNetBlock(128, 256))
        self.head = nn.Conv2d(256, classes, 1)

    def forward(self, x):
        return self.head(self.enc(x))


def train(fabric, out="ckpt/seg"):
    net = Segmenter()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(1, 5001):
        images = torch.randn(8, 3, 256, 256, device=fabric.device)
        masks = torch.randint(0, 21, (8, 256, 256), device=fabric.device)
        loss = nn.functional.cross_entropy(model(images), masks)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 1000 == 0:
            fabric.save(os.path.join(out, f"step-{step}"), {"model": net, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={UNetBlock}))
    fabric.launch(train)
