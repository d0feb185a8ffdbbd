"""Synthetic scenes: one bright disc per image on a noisy background; the mask marks the disc."""
import torch


def scenes(batch, device, size=24):
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    centre = torch.randint(5, size - 5, (batch, 2))
    radius = torch.randint(3, 6, (batch, 1, 1))
    dist = (yy[None] - centre[:, 0, None, None]) ** 2 + (xx[None] - centre[:, 1, None, None]) ** 2
    masks = (dist <= radius**2).long()
    images = 0.3 * torch.randn(batch, 3, size, size) + masks[:, None].float()
    return images.to(device), masks.to(device)
