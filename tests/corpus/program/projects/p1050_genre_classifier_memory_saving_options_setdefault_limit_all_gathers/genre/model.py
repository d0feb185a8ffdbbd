"""Music-genre classifier over log-mel spectrogram patches."""
import torch
import torch.nn.functional as F
from torch import nn

MELS, FRAMES, GENRES = 32, 64, 8


class SpecBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.GroupNorm(4, cout)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.norm(self.conv(x))), 2)


class GenreNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.features = nn.Sequential(SpecBlock(1, width), SpecBlock(width, 2 * width))
        self.head = nn.Linear(2 * width, GENRES)

    def forward(self, spec):
        return self.head(self.features(spec).mean(dim=(2, 3)))


def random_clips(n):
    genre = torch.randint(0, GENRES, (n,))
    tempo = (genre.float() + 1)[:, None, None, None]
    t = torch.arange(FRAMES).float()[None, None, None, :]
    spec = torch.sin(t * tempo / 8) + 0.3 * torch.randn(n, 1, MELS, FRAMES)
    return spec, genre
