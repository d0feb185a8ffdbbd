"""Synthetic 32x32 leaves: green background, disease = colour of the spots."""
import torch

SPOT_COLOURS = torch.tensor([[0.0, 0.0, 0.0], [0.8, 0.4, 0.0], [0.3, 0.2, 0.1], [0.9, 0.9, 0.8]])


def leaves(n, seed):
    gen = torch.Generator().manual_seed(seed)
    label = torch.randint(0, len(SPOT_COLOURS), (n,), generator=gen)
    img = torch.zeros(n, 3, 32, 32)
    img[:, 1] = 0.6
    mask = (torch.rand(n, 1, 32, 32, generator=gen) < 0.08).float()
    img = img * (1 - mask) + mask * SPOT_COLOURS[label][:, :, None, None]
    return img, label
