"""Galaxy-morphology classifier over flattened 16x16 cut-outs; `DenseStage` is the unit FSDP wraps."""
import torch
from torch import nn

CLASSES = ("elliptical", "spiral", "irregular", "merger")
PIXELS = 16 * 16


class DenseStage(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.nn.functional.gelu(self.fc(self.norm(x)))


class MorphologyNet(nn.Module):
    def __init__(self, hidden: int = 64, depth: int = 2):
        super().__init__()
        self.stem = nn.Linear(PIXELS, hidden)
        self.stages = nn.Sequential(*[DenseStage(hidden) for _ in range(depth)])
        self.head = nn.Linear(hidden, len(CLASSES))

    def forward(self, x):
        return self.head(self.stages(self.stem(x.flatten(1))))


def cutouts(n: int, device=None):
    return torch.randn(n, 1, 16, 16, device=device), torch.randint(0, len(CLASSES), (n,), device=device)
