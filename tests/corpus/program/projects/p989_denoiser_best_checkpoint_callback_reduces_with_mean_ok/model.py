"""A dense denoising autoencoder for 16x16 grayscale patches."""
from torch import nn


class Coder(nn.Module):
    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.fc(x))


class Denoiser(nn.Module):
    def __init__(self, image: int, latent: int):
        super().__init__()
        pixels = image * image
        self.encoder = nn.Sequential(Coder(pixels, 128), Coder(128, latent))
        self.decoder = nn.Sequential(Coder(latent, 128), nn.Linear(128, pixels))

    def forward(self, x):
        return self.decoder(self.encoder(x.flatten(1))).view_as(x)
