"""Classifier of signs from hand keypoint sequences: per-frame MLP, then a mixer across frames."""
import torch
from torch import nn


class FrameEncoder(nn.Module):
    def __init__(self, joints: int, width: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(joints * 2, width), nn.GELU(), nn.Linear(width, width))

    def forward(self, x):  # (B, T, joints * 2)
        return self.net(x)


class TemporalMixer(nn.Module):
    def __init__(self, frames: int, width: int):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mix = nn.Linear(frames, frames)

    def forward(self, h):
        return h + self.mix(self.norm(h).transpose(1, 2)).transpose(1, 2)


class SignClassifier(nn.Module):
    def __init__(self, frames: int, joints: int, signs: int = 10, width: int = 48):
        super().__init__()
        self.encoder = FrameEncoder(joints, width)
        self.mixer = TemporalMixer(frames, width)
        self.head = nn.Linear(width, signs)

    def forward(self, keypoints):
        return self.head(self.mixer(self.encoder(keypoints)).mean(dim=1))


def keypoint_clips(batch: int, frames: int, joints: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    signs = torch.randint(0, 10, (batch,), generator=gen)
    t = torch.linspace(0, 1, frames)[None, :, None]
    motion = torch.sin(2 * torch.pi * (signs[:, None, None] + 1) * t)
    clips = motion.expand(batch, frames, joints * 2) + 0.1 * torch.randn(batch, frames, joints * 2, generator=gen)
    return clips, signs
