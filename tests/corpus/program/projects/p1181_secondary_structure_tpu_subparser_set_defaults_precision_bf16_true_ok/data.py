"""Synthetic protein windows: the tag follows a simple hydrophobicity rule so the loss can drop."""
import torch
import torch.nn.functional as F

from model import AMINO

HYDROPHOBIC = torch.tensor([1.0 if a in "AILMFVW" else 0.0 for a in AMINO])


def windows(n: int, window: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, len(AMINO), (n, 2 * window + 1), generator=gen)
    score = HYDROPHOBIC[ids].mean(1)
    tag = torch.bucketize(score, torch.tensor([0.3, 0.45]))
    return F.one_hot(ids, len(AMINO)).float(), tag
