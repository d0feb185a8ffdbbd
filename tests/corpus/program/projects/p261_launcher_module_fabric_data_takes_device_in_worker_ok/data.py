"""Synthetic classification batches, made straight on the accelerator."""
import torch


def random_batch(device, n=8, width=32, classes=4):
    return torch.randn(n, width, device=device), torch.randint(0, classes, (n,), device=device)
