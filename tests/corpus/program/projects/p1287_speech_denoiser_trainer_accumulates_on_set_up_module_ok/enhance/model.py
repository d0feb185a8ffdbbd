"""Time-domain masking denoiser (a Conv-TasNet-style encoder / separator / decoder, much smaller)."""
import torch
from torch import nn


class TemporalBlock(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation),
            nn.PReLU(),
            nn.GroupNorm(1, channels),
            nn.Conv1d(channels, channels, 1),
        )

    def forward(self, x):
        return x + self.net(x)


class Denoiser(nn.Module):
    def __init__(self, filters=32, kernel=16, blocks=3):
        super().__init__()
        self.encoder = nn.Conv1d(1, filters, kernel, stride=kernel // 2, bias=False)
        self.separator = nn.Sequential(*[TemporalBlock(filters, 2**i) for i in range(blocks)])
        self.mask = nn.Conv1d(filters, filters, 1)
        self.decoder = nn.ConvTranspose1d(filters, 1, kernel, stride=kernel // 2, bias=False)

    def forward(self, noisy):
        feats = torch.relu(self.encoder(noisy))
        mask = torch.sigmoid(self.mask(self.separator(feats)))
        return self.decoder(feats * mask)
