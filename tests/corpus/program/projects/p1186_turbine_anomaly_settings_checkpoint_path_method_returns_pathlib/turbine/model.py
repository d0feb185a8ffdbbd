"""Autoencoder over 3-axis vibration spectra; high reconstruction error flags a failing bearing."""
from torch import nn

BINS = 3 * 32


class Bottleneck(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.lin = nn.Linear(dim_in, dim_out)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.lin(x))


class SpectrumAE(nn.Module):
    def __init__(self, bottleneck=8):
        super().__init__()
        self.encoder = nn.Sequential(Bottleneck(BINS, 48), Bottleneck(48, bottleneck))
        self.decoder = nn.Sequential(Bottleneck(bottleneck, 48), nn.Linear(48, BINS))

    def forward(self, x):
        return self.decoder(self.encoder(x))
