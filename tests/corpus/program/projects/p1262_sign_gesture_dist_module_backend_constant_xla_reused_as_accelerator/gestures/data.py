"""Synthetic clips: each sign is a template trajectory of the 21 keypoints, jittered per signer."""
import torch

from gestures.model import N_KEYPOINTS, N_SIGNS


def clips(n, frames=16, seed=0):
    gen = torch.Generator().manual_seed(seed)
    templates = torch.randn(N_SIGNS, 1, N_KEYPOINTS, 3, generator=torch.Generator().manual_seed(1234))
    motion = torch.linspace(0, 1, frames)[None, :, None, None]
    labels = torch.randint(0, N_SIGNS, (n,), generator=gen)
    base = templates[labels] * motion + 0.5 * templates[(labels + 1) % N_SIGNS] * (1 - motion)
    return base + 0.1 * torch.randn(n, frames, N_KEYPOINTS, 3, generator=gen), labels
