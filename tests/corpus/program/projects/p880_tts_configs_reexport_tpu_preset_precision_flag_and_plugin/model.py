"""Non-autoregressive mel-spectrogram predictor: phoneme ids in, one mel frame per phoneme out."""
import torch
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, dim, kernel=3):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.conv = nn.Conv1d(dim, dim, kernel, padding=kernel // 2)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.conv(self.norm(x).transpose(1, 2)).transpose(1, 2)
        x = x + torch.relu(h)
        return x + self.ff(x)


class MelPredictor(nn.Module):
    def __init__(self, phonemes=48, dim=64, mels=20, depth=2):
        super().__init__()
        self.embed = nn.Embedding(phonemes, dim)
        self.blocks = nn.Sequential(*[DecoderBlock(dim) for _ in range(depth)])
        self.to_mel = nn.Linear(dim, mels)

    def forward(self, ids):
        return self.to_mel(self.blocks(self.embed(ids)))
