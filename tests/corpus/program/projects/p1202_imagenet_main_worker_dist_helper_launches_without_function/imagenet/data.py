"""The `--dummy` branch of imagenet/main.py: random images and labels instead of an ImageFolder."""
import torch
from torch.utils.data import DataLoader, TensorDataset


def dummy_loaders(batch_size, image_size=32, num_classes=10):
    g = torch.Generator().manual_seed(0)
    train = TensorDataset(torch.randn(4 * batch_size, 3, image_size, image_size, generator=g),
                          torch.randint(0, num_classes, (4 * batch_size,), generator=g))
    val = TensorDataset(torch.randn(2 * batch_size, 3, image_size, image_size, generator=g),
                        torch.randint(0, num_classes, (2 * batch_size,), generator=g))
    return DataLoader(train, batch_size=batch_size, shuffle=True), DataLoader(val, batch_size=batch_size)
