"""1-D convolutional denoiser for 16 kHz speech frames."""
from torch import nn


class ConvStage(nn.Module):
    def __init__(self, channels, kernel=5):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel, padding=kernel // 2)
        self.norm = nn.GroupNorm(4, channels)
        self.act = nn.GELU()

    def forward(self, x):
        return x + self.act(self.norm(self.conv(x)))


class Denoiser(nn.Module):
    def __init__(self, channels=32, stages=3):
        super().__init__()
        self.inp = nn.Conv1d(1, channels, 1)
        self.stages = nn.Sequential(*[ConvStage(channels) for _ in range(stages)])
        self.out = nn.Conv1d(channels, 1, 1)

    def forward(self, noisy):
        return noisy - self.out(self.stages(self.inp(noisy)))
