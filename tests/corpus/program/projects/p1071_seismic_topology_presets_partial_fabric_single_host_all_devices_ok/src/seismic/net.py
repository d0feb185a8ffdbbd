"""A small 1-D picker over three-component waveforms."""
import torch
from torch import nn


class TraceBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.mix = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.mix(x)


class Picker(nn.Module):
    def __init__(self, samples: int = 64, dim: int = 32):
        super().__init__()
        self.stem = nn.Linear(3 * samples, dim)
        self.body = nn.Sequential(TraceBlock(dim), TraceBlock(dim))
        self.head = nn.Linear(dim, 1)

    def forward(self, traces):  # (batch, 3, samples)
        return self.head(self.body(self.stem(traces.flatten(1)))).squeeze(-1)


def synthetic_traces(batch: int, samples: int = 64):
    noise = 0.3 * torch.randn(batch, 3, samples)
    has_event = torch.rand(batch) < 0.5
    onset = torch.randint(8, samples - 8, (batch,))
    t = torch.arange(samples)
    wavelet = torch.sin(0.8 * (t[None, :] - onset[:, None])) * (t[None, :] >= onset[:, None])
    return noise + has_event[:, None, None] * wavelet[:, None, :], has_event.float()
