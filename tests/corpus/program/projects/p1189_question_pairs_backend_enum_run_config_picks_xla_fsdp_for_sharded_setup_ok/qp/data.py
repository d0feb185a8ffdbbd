"""Synthetic question pairs: duplicates share most of their tokens."""
import torch


def pairs(n, vocab, seed, length=10):
    gen = torch.Generator().manual_seed(seed)
    a = torch.randint(0, vocab, (n, length), generator=gen)
    dup = torch.rand(n, generator=gen) < 0.5
    b = torch.randint(0, vocab, (n, length), generator=gen)
    keep = torch.rand(n, length, generator=gen) < 0.8
    b = torch.where(dup[:, None] & keep, a, b)
    return a, b, dup.float()
