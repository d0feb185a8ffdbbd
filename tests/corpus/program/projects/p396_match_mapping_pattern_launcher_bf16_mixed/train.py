# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: runs.py
"""python train.py [run]: trains a small patch MLP on random images with the run the sweep file names."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn

from launch.fabric_from_config import fabric_from_config
from runs import RUNS


class MixerBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class PatchMLP(nn.Module):
    def __init__(self, patch: int = 4, dim: int = 32, depth: int = 2, classes: int = 10):
        super().__init__()
        self.patchify = nn.Unfold(kernel_size=patch, stride=patch)
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.blocks = nn.Sequential(*[MixerBlock(dim) for _ in range(depth)])
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        patches = self.patchify(x).transpose(1, 2)
        return self.fc(self.blocks(self.embed(patches)).mean(dim=1))


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(PatchMLP())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    images = torch.randn(8, 3, 16, 16, device=fabric.device)
    labels = torch.randint(0, 10, (8,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(images), labels))
    optimizer.step()


if __name__ == "__main__":
    run = sys.argv[1] if len(sys.argv) > 1 else "v4-8"
    fabric = fabric_from_config(dict(RUNS[run]), wrap={MixerBlock})
    fabric.launch(train)
