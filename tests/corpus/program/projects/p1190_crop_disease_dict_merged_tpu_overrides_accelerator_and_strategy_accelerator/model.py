"""Leaf-image classifier over 8x8 patches: healthy, rust, scab, blight."""
from torch import nn

DISEASES = ("healthy", "rust", "scab", "blight")
PATCH = 8


class LeafBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class LeafNet(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.patch = nn.Linear(3 * PATCH * PATCH, dim)
        self.blocks = nn.Sequential(LeafBlock(dim), LeafBlock(dim))
        self.head = nn.Linear(dim, len(DISEASES))

    def forward(self, img):
        n = img.shape[0]
        patches = img.unfold(2, PATCH, PATCH).unfold(3, PATCH, PATCH)  # n, 3, 4, 4, 8, 8
        patches = patches.permute(0, 2, 3, 1, 4, 5).reshape(n, -1, 3 * PATCH * PATCH)
        return self.head(self.blocks(self.patch(patches)).mean(1))
