"""Data pipeline carried over from the torch_xla MNIST script (test_train_mp_mnist.py): synthetic 28x28 digits."""
import torch
import torch_xla.distributed.parallel_loader as pl
from torch.utils.data import DataLoader, TensorDataset


def synthetic_mnist(n, seed):
    gen = torch.Generator().manual_seed(seed)
    target = torch.randint(0, 10, (n,), generator=gen)
    data = torch.randn(n, 1, 28, 28, generator=gen) * 0.3
    for i, t in enumerate(target.tolist()):
        data[i, 0, 2 * t:2 * t + 6, 4:24] += 1.0
    return TensorDataset(data, target)


def make_loaders(flags, device):
    train_loader = DataLoader(synthetic_mnist(64, 0), batch_size=flags.batch_size, shuffle=True, drop_last=True)
    test_loader = DataLoader(synthetic_mnist(32, 1), batch_size=flags.test_batch_size, drop_last=True)
    train_device_loader = pl.MpDeviceLoader(train_loader, device)
    test_device_loader = pl.MpDeviceLoader(test_loader, device)
    return train_device_loader, test_device_loader
