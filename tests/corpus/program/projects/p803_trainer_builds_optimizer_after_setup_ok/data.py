"""Synthetic two-moons-like classification batches, generated on the device."""
import math

import torch


def moon_batches(device, batch_size=32, noise=0.1):
    while True:
        angle = torch.rand(batch_size, device=device) * math.pi
        label = torch.randint(0, 2, (batch_size,), device=device)
        x = torch.stack([torch.cos(angle), torch.sin(angle)], dim=1)
        x = torch.where(label[:, None] == 1, 1.0 - x + torch.tensor([0.0, 0.5], device=device), x)
        x = x + noise * torch.randn_like(x)
        features = torch.cat([x, x.pow(2), x.prod(dim=1, keepdim=True)], dim=1)
        yield features, label


def eval_batch(device, size=64, seed=0):
    """A fixed batch to compare checkpoints on: same points every call."""
    generator = torch.Generator().manual_seed(seed)
    angle = torch.rand(size, generator=generator) * math.pi
    x = torch.stack([torch.cos(angle), torch.sin(angle)], dim=1)
    features = torch.cat([x, x.pow(2), x.prod(dim=1, keepdim=True)], dim=1)
    return features.to(device), torch.zeros(size, dtype=torch.long, device=device)
