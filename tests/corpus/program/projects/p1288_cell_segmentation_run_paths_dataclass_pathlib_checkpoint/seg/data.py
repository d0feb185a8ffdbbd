"""Synthetic microscopy: bright blurry disks ("cells") on a noisy background, with their masks."""
import torch


def cell_images(n, size=32, max_cells=4, seed=0):
    gen = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    images, masks = torch.zeros(n, 1, size, size), torch.zeros(n, 1, size, size)
    for i in range(n):
        for _ in range(int(torch.randint(1, max_cells + 1, (1,), generator=gen))):
            cy, cx = (torch.rand(2, generator=gen) * (size - 8) + 4).tolist()
            r = 2 + 4 * torch.rand(1, generator=gen).item()
            dist2 = (yy - cy) ** 2 + (xx - cx) ** 2
            masks[i, 0] = torch.maximum(masks[i, 0], (dist2 <= r * r).float())
            images[i, 0] += torch.exp(-dist2 / (2 * r * r))
    images += 0.15 * torch.randn(images.shape, generator=gen)
    return images, masks


def dice_loss(logits, target, eps=1.0):
    prob = torch.sigmoid(logits)
    inter = (prob * target).sum(dim=(1, 2, 3))
    return 1 - ((2 * inter + eps) / (prob.sum(dim=(1, 2, 3)) + target.sum(dim=(1, 2, 3)) + eps)).mean()
