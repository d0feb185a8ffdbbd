"""Synthetic paraphrase pairs: a positive is its anchor with a few tokens replaced."""
import torch

from textenc.model import VOCAB


def paraphrase_pairs(n: int = 16, length: int = 12, device=None):
    anchors = torch.randint(0, VOCAB, (n, length), device=device)
    positives = anchors.clone()
    positives[:, :3] = torch.randint(0, VOCAB, (n, 3), device=device)
    return anchors, positives
