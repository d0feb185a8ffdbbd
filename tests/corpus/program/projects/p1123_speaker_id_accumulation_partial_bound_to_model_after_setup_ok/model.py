"""x-vector style speaker encoder: frame layers, statistics pooling, speaker classifier."""
import torch
from torch import nn

MFCC = 20


class SpeakerEncoder(nn.Module):
    def __init__(self, num_speakers, hidden=64, embedding=32):
        super().__init__()
        self.frames = nn.Sequential(nn.Linear(MFCC, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.embed = nn.Linear(2 * hidden, embedding)
        self.classify = nn.Linear(embedding, num_speakers)

    def forward(self, mfcc):
        h = self.frames(mfcc)
        stats = torch.cat([h.mean(dim=1), h.std(dim=1)], dim=-1)
        return self.classify(torch.relu(self.embed(stats)))
