"""Synthetic sign crops: each class is a colour and a position of a bright patch."""
import torch

from model import NUM_CLASSES


def sign_batch(n: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    label = torch.randint(0, NUM_CLASSES, (n,), generator=gen)
    img = 0.1 * torch.rand(n, 3, 32, 32, generator=gen)
    for i, c in enumerate(label.tolist()):
        row, col = (c % 7) * 4, (c // 7) * 4
        img[i, c % 3, row:row + 4, col:col + 4] += 1.0
    return img, label
