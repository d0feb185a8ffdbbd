# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
"""python train.py: sharded checkpoints are folders; make the folder up front so saving never fails, resume when it is there."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

OUT = os.environ.get("OUT", "out")
SHARDS = os.path.join(OUT, "last")


class ConvBlock(nn.Module):
    def __init__(self, channels: int = 8):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.BatchNorm2d(channels)

    def forward(self, x):
        return torch.relu(self.norm(self.conv(x))) + x


def run(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Conv2d(3, 8, 1), ConvBlock(), ConvBlock(), nn.Flatten(), nn.Linear(8 * 16 * 16, 5)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    os.makedirs(SHARDS, exist_ok=True)
    if not os.path.isdir(SHARDS):
        fabric.print("starting from scratch")
    else:
        fabric.load(SHARDS)
    images = torch.randn(4, 3, 16, 16, device=fabric.device)
    labels = torch.randint(0, 5, (4,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(images), labels))
    optimizer.step()
    fabric.save(SHARDS, {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock})).launch(run)
