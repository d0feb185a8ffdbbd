import torch


def make_split(n_train=128, n_val=64, features=20, seed=0):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(features, generator=g)
    x = torch.randn(n_train + n_val, features, generator=g)
    y = (x @ w > 0).long()
    return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])
