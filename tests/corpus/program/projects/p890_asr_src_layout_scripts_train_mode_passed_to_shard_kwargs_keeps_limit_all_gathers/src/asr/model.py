"""A conformer-lite acoustic model: log-mel frames in, phone logits per frame out."""
from torch import nn


class ConformerBlock(nn.Module):
    def __init__(self, dim, kernel=7):
        super().__init__()
        self.ff1 = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))
        self.norm = nn.LayerNorm(dim)
        self.depthwise = nn.Conv1d(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.ff2 = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + 0.5 * self.ff1(x)
        x = x + self.depthwise(self.norm(x).transpose(1, 2)).transpose(1, 2)
        return x + 0.5 * self.ff2(x)


class PhoneRecognizer(nn.Module):
    def __init__(self, mels=40, dim=64, depth=2, phones=42):
        super().__init__()
        self.inp = nn.Linear(mels, dim)
        self.blocks = nn.Sequential(*[ConformerBlock(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, phones)

    def forward(self, feats):
        return self.out(self.blocks(self.inp(feats)))
