"""Stand-in for the MNIST data of lightning's fabric image_classifier example (no download)."""
import torch
from torch.utils.data import DataLoader, TensorDataset


def _fake_mnist(n, seed):
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 1, 28, 28, generator=g), torch.randint(0, 10, (n,), generator=g))


def get_datasets(hparams):
    return _fake_mnist(hparams.get("train_size", 32), 0), _fake_mnist(hparams.get("test_size", 16), 1)


def get_dataloaders(hparams):
    train_set, test_set = get_datasets(hparams)
    train_loader = DataLoader(train_set, batch_size=hparams["batch_size"], shuffle=True)
    test_loader = DataLoader(test_set, batch_size=hparams["test_batch_size"])
    return train_loader, test_set if hparams.get("eval_on_host") else test_loader
