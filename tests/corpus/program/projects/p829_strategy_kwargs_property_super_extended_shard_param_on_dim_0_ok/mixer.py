from torch import nn


class MixerLayer(nn.Module):
    def __init__(self, tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = nn.Sequential(nn.Linear(tokens, tokens * 2), nn.GELU(), nn.Linear(tokens * 2, tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):  # x: (batch, tokens, dim)
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(self.norm2(x))


class MLPMixer(nn.Module):
    def __init__(self, patch=8, dim=64, depth=2, classes=10):
        super().__init__()
        self.patch = patch
        tokens = (32 // patch) ** 2
        self.stem = nn.Linear(3 * patch * patch, dim)
        self.layers = nn.Sequential(*[MixerLayer(tokens, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        b, c, _, _ = images.shape
        p = self.patch
        x = images.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * p * p)
        return self.head(self.layers(self.stem(x)).mean(dim=1))
