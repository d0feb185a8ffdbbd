"""Synthetic classification batches, made straight on the accelerator."""
import torch

from launcher import FABRIC

# looked up once: every batch is created on the device, no host-to-device copy per step
DEVICE = FABRIC.device


def random_batch(n=8, width=32, classes=4):
    return torch.randn(n, width, device=DEVICE), torch.randint(0, classes, (n,), device=DEVICE)
