"""An MLP denoiser over flattened patches that predicts the noise and subtracts it."""
from torch import nn


class ResidualDenoiser(nn.Module):
    def __init__(self, pixels=256, width=128):
        super().__init__()
        self.noise = nn.Sequential(
            nn.Linear(pixels, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(), nn.Linear(width, pixels)
        )

    def forward(self, noisy):
        flat = noisy.flatten(1)
        return (flat - self.noise(flat)).view_as(noisy)
