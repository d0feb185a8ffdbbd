"""Synthetic spectrograms: each species sings a band at its own pitch."""
import torch

from birdsong.model import SPECIES


def spectrograms(batch, device):
    labels = torch.randint(0, len(SPECIES), (batch,))
    spec = 0.2 * torch.rand(batch, 1, 32, 32)
    for i, label in enumerate(labels.tolist()):
        band = 4 + 7 * label
        spec[i, 0, band : band + 3, :] += 1.0
    return spec.to(device), labels.to(device)
